import type { CampaignTest } from "~/lib/schemas/campaign-sending";
import type { Actor } from "~/services/access/actor.server";
import { previewVariables } from "~/services/email/merge-tags.server";
import { sendTestMessage } from "~/services/email/settings.server";
import { requireStore } from "~/services/stores/crud.server";
import { requireCampaign } from "./crud.server";
import { type CampaignForMail, campaignSender, renderCampaign, withCampaignCode } from "./message.server";

/**
 * A campaign-like message (a campaign, a flow's email step) as the preview shows it (a sample reader, the
 * store's own offer), to one address, marked "[Test]"; no recipient is recorded and no link is tracked.
 */
export async function sendMessageTest(actor: Actor, storeId: string, mail: CampaignForMail, to: string) {
  const sample = await previewVariables(await requireStore(actor, storeId));
  const rendered = renderCampaign(mail, withCampaignCode(sample, mail.discountCode));
  return sendTestMessage(actor, storeId, "manage_campaigns", (_store, settings) => ({
    to,
    from: campaignSender(settings, mail.fromName),
    subject: `[Test] ${rendered.subject}`,
    text: rendered.text,
    html: rendered.html,
  }));
}

/** POST …/campaigns/:campaignId/test: the saved campaign to one address. */
export async function sendCampaignTest(
  actor: Actor,
  storeId: string,
  campaignId: string,
  { to }: CampaignTest,
) {
  return sendMessageTest(actor, storeId, await requireCampaign(actor, storeId, campaignId), to);
}
