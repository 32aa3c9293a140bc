import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updateStoreSchema } from "~/lib/schemas/stores";
import { deleteStore, updateStore } from "~/services/stores/crud.server";

const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const changes = await readJson(request, updateStoreSchema);
    return updateStore(actor, params.storeId ?? "", changes);
  },
  DELETE: async ({ request, params }) => {
    await deleteStore(await requireActor(request), params.storeId ?? "");
    return { message: "Store deleted successfully" };
  },
});

export { action, loader };
