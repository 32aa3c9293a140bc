import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updateCampaignSchema } from "~/lib/schemas/campaigns";
import { deleteCampaign, getCampaign, updateCampaign } from "~/services/campaigns/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    getCampaign(await requireActor(request), params.storeId ?? "", params.campaignId ?? ""),
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const changes = await readJson(request, updateCampaignSchema);
    return updateCampaign(actor, params.storeId ?? "", params.campaignId ?? "", changes);
  },
  DELETE: async ({ request, params }) => {
    await deleteCampaign(await requireActor(request), params.storeId ?? "", params.campaignId ?? "");
    return { success: true };
  },
});

export { action, loader };
