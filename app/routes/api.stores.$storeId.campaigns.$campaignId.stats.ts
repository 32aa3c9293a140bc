import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { getCampaignStats } from "~/services/campaigns/stats.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    getCampaignStats(await requireActor(request), params.storeId ?? "", params.campaignId ?? ""),
});

export { action, loader };
