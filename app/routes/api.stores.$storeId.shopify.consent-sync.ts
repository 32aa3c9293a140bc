import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { consentSyncSchema } from "~/lib/schemas/consent-sync";
import { setConsentSync } from "~/services/shopify/consent-sync.server";

const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { enabled } = await readJson(request, consentSyncSchema);
    return setConsentSync(actor, params.storeId ?? "", enabled);
  },
});

export { action, loader };
