import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { shopifyConnectionSchema } from "~/lib/schemas/shopify";
import { connectShopify } from "~/services/shopify/connection.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    return connectShopify(actor, params.storeId ?? "", await readJson(request, shopifyConnectionSchema));
  },
});

export { action, loader };
