import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { POPUP_TEMPLATES } from "~/lib/popup-templates";
import { authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";

/** GET /api/stores/:storeId/popup-templates: the starting points for a new popup (docs/decisions/185). */
const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const actor = await requireActor(request);
    authorize(actor, "manage_popups");
    await requireStore(actor, params.storeId ?? "");
    return { templates: POPUP_TEMPLATES };
  },
});

export { action, loader };
