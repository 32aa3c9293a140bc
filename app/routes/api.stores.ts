import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { createStoreSchema } from "~/lib/schemas/stores";
import { createStore, listStores } from "~/services/stores/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request }) => listStores(await requireActor(request)),
  POST: async ({ request }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, createStoreSchema);
    return data(await createStore(actor, input), { status: 201 });
  },
});

export { action, loader };
