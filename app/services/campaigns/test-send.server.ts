import type { CampaignTest } from "~/lib/schemas/campaign-sending";
import type { Actor } from "~/services/access/actor.server";
import { previewVariables } from "~/services/email/merge-tags.server";
import { sendTestMessage } from "~/services/email/settings.server";
import { requireStore } from "~/services/stores/crud.server";
import { requireCampaign } from "./crud.server";
import { campaignSender, renderCampaign, withCampaignCode } from "./message.server";

/**
 * POST …/campaigns/:campaignId/test: the saved campaign, as the preview shows it (a sample reader, the
 * store's own offer), to one address, marked "[Test]"; no recipient is recorded and no link is tracked.
 */
export async function sendCampaignTest(
  actor: Actor,
  storeId: string,
  campaignId: string,
  { to }: CampaignTest,
) {
  const campaign = await requireCampaign(actor, storeId, campaignId);
  const sample = await previewVariables(await requireStore(actor, storeId));
  const rendered = renderCampaign(campaign, withCampaignCode(sample, campaign.discountCode));
  return sendTestMessage(actor, storeId, "manage_campaigns", (_store, settings) => ({
    to,
    from: campaignSender(settings, campaign.fromName),
    subject: `[Test] ${rendered.subject}`,
    text: rendered.text,
    html: rendered.html,
  }));
}
