import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { campaignPreviewSchema } from "~/lib/schemas/campaigns";
import { previewCampaign } from "~/services/campaigns/preview.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    return previewCampaign(actor, params.storeId ?? "", await readJson(request, campaignPreviewSchema));
  },
});

export { action, loader };
