import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { newCampaignSchema } from "~/lib/schemas/campaigns";
import { createCampaign, listCampaigns } from "~/services/campaigns/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => ({
    campaigns: await listCampaigns(await requireActor(request), params.storeId ?? ""),
  }),
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, newCampaignSchema);
    return data(await createCampaign(actor, params.storeId ?? "", input), { status: 201 });
  },
});

export { action, loader };
