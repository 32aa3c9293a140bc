import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { campaignTestSchema } from "~/lib/schemas/campaign-sending";
import { sendCampaignTest } from "~/services/campaigns/test-send.server";

/** Sends the campaign, as saved, to one address. */
const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, campaignTestSchema);
    return sendCampaignTest(actor, params.storeId ?? "", params.campaignId ?? "", input);
  },
});

export { action, loader };
