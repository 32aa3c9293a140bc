import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { cancelCampaign } from "~/services/campaigns/sending.server";

/** Pauses a sending campaign, or takes a scheduled one back to draft. */
const { loader, action } = apiRoute({
  POST: async ({ request, params }) =>
    cancelCampaign(await requireActor(request), params.storeId ?? "", params.campaignId ?? ""),
});

export { action, loader };
