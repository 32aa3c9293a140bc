import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { shopifyOauthStartSchema } from "~/lib/schemas/shopify";
import { beginShopifyConnect } from "~/services/shopify/oauth-connect.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    return beginShopifyConnect(actor, params.storeId ?? "", await readJson(request, shopifyOauthStartSchema));
  },
});

export { action, loader };
