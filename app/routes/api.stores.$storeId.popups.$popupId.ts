import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updatePopupSchema } from "~/lib/schemas/popups";
import { deletePopup, getPopup, updatePopup } from "~/services/popups/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    getPopup(await requireActor(request), params.storeId ?? "", params.popupId ?? ""),
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const changes = await readJson(request, updatePopupSchema);
    return updatePopup(actor, params.storeId ?? "", params.popupId ?? "", changes);
  },
  DELETE: async ({ request, params }) => {
    await deletePopup(await requireActor(request), params.storeId ?? "", params.popupId ?? "");
    return { success: true };
  },
});

export { action, loader };
