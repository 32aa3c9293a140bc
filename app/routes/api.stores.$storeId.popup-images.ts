import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readLimitedBytes } from "~/http/json.server";
import { MAX_IMAGE_BYTES, uploadPopupImage } from "~/services/popups/images.server";

/** An image for a store's popups, sent as the raw request body (its type is read from its bytes). */
const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const bytes = await readLimitedBytes(request, MAX_IMAGE_BYTES);
    return data(await uploadPopupImage(actor, params.storeId ?? "", bytes), { status: 201 });
  },
});

export { action, loader };
