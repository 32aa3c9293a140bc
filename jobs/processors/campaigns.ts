import { deliverCampaign } from "~/services/campaigns/delivery.server";
import { startScheduledCampaign, sweepCampaigns } from "~/services/campaigns/sending.server";
import { sweepFlows } from "~/services/flows/sweep.server";
import type { CampaignJob } from "../payloads";

export async function processCampaignJob(job: CampaignJob): Promise<void> {
  switch (job.type) {
    case "start-campaign":
      return startScheduledCampaign(job.campaignId);
    case "deliver-campaign":
      return deliverCampaign(job.campaignId);
    case "campaign-sweep":
      return sweepCampaigns();
    case "flow-sweep":
      return sweepFlows();
  }
}
