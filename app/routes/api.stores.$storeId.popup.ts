import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updatePopupSchema } from "~/lib/schemas/popups";
import { getPopupConfig, updatePopupConfig } from "~/services/popups/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => getPopupConfig(await requireActor(request), params.storeId ?? ""),
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const changes = await readJson(request, updatePopupSchema);
    return updatePopupConfig(actor, params.storeId ?? "", changes);
  },
});

export { action, loader };
