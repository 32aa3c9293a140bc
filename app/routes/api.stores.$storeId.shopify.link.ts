import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { requestShopLink } from "~/services/shopify/shop-link.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => requestShopLink(await requireActor(request), params.storeId ?? ""),
});

export { action, loader };
