import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { promoteVariantSchema } from "~/lib/schemas/popups";
import { promoteVariant } from "~/services/popups/crud.server";

/** Ends a popup's A/B test with the given variant as the popup. */
const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { variantId } = await readJson(request, promoteVariantSchema);
    return promoteVariant(actor, params.storeId ?? "", params.popupId ?? "", variantId);
  },
});

export { action, loader };
