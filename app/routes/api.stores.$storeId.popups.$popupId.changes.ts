import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { discardPopupChanges } from "~/services/popups/crud.server";

/** A published popup's unpublished changes: DELETE discards them (docs/decisions/212). */
const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) =>
    discardPopupChanges(await requireActor(request), params.storeId ?? "", params.popupId ?? ""),
});

export { action, loader };
