import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { publishPopup } from "~/services/popups/crud.server";

/** Publishes a popup: its draft, or a live popup's unpublished changes, reach shoppers (docs/decisions/212). */
const { loader, action } = apiRoute({
  PUT: async ({ request, params }) =>
    publishPopup(await requireActor(request), params.storeId ?? "", params.popupId ?? ""),
});

export { action, loader };
