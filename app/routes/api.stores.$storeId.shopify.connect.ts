import { apiRoute, readJson } from "~/http/json.server";
import { shopifyConnectionSchema } from "~/lib/schemas/shopify";
import { requireActor } from "~/services/access/actor.server";
import { connectShopify } from "~/services/shopify/connection.server";

const handle = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    return connectShopify(actor, params.storeId ?? "", await readJson(request, shopifyConnectionSchema));
  },
});

export const loader = handle;
export const action = handle;
