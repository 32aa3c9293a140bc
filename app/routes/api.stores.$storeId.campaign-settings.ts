import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { campaignSettingsSchema } from "~/lib/schemas/campaign-sending";
import { getCampaignSettings, updateCampaignSettings } from "~/services/campaigns/settings.server";

/** How fast the store's campaigns go out: messages per second through its SMTP server. */
const { loader, action } = apiRoute({
  GET: async ({ request, params }) => getCampaignSettings(await requireActor(request), params.storeId ?? ""),
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const changes = await readJson(request, campaignSettingsSchema);
    return updateCampaignSettings(actor, params.storeId ?? "", changes);
  },
});

export { action, loader };
