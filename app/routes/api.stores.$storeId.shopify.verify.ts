import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { shopifyVerificationSchema } from "~/lib/schemas/shopify";
import { verifyShopifyConnection } from "~/services/shopify/connection.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    return verifyShopifyConnection(
      actor,
      params.storeId ?? "",
      await readJson(request, shopifyVerificationSchema),
    );
  },
});

export { action, loader };
