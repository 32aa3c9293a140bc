import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { popupOrderSchema } from "~/lib/schemas/popups";
import { reorderPopups } from "~/services/popups/crud.server";

/** The storefront's order of a store's popups: the first listed shows first when several match. */
const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { popupIds } = await readJson(request, popupOrderSchema);
    return { popups: await reorderPopups(actor, params.storeId ?? "", popupIds) };
  },
});

export { action, loader };
