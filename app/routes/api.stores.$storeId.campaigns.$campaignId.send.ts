import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { sendCampaignSchema } from "~/lib/schemas/campaign-sending";
import { sendCampaign } from "~/services/campaigns/sending.server";

/** Sends a campaign now, schedules it (`scheduledAt`), or resumes a paused one. */
const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, sendCampaignSchema);
    return sendCampaign(actor, params.storeId ?? "", params.campaignId ?? "", input);
  },
});

export { action, loader };
