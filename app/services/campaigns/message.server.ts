import type { SendMailOptions } from "nodemailer";
import type { campaigns } from "~/db/schema";
import { env } from "~/server/env.server";
import { unsubscribeUrl } from "~/services/email/links.server";
import type { MailContext } from "~/services/email/mail-context.server";
import { mailVariables, type RenderVariables } from "~/services/email/merge-tags.server";
import type { MailDraft } from "~/services/email/outbox.server";
import { senderOf } from "~/services/email/store-mailer.server";
import { campaignLinksIn, renderCampaignEmail } from "./render.server";

/** What a campaign's message is made of. */
export type CampaignForMail = Pick<
  typeof campaigns.$inferSelect,
  "id" | "name" | "slug" | "subject" | "preheader" | "fromName" | "discountCode" | "content"
>;

/**
 * The campaign's own discount code in place of the subscriber's welcome code, when it has one: the merchant
 * made it, so the popup's conditions are not said of it.
 */
export function withCampaignCode(vars: RenderVariables, discountCode: string): RenderVariables {
  return discountCode ? { ...vars, discountCode, conditions: undefined } : vars;
}

/**
 * The subscriber's unsubscribe link, naming the message it came in (`c`): an unsubscribe through it counts
 * against that campaign. The subscriber's signed token is what unsubscribes; `c` only attributes.
 */
export function campaignUnsubscribeUrl(subscriberId: string, campaignSendId: string): string {
  const url = new URL(unsubscribeUrl(subscriberId));
  url.searchParams.set("c", campaignSendId);
  return url.toString();
}

/** The campaign rendered with `vars`, each tracked link replaced by `rewriteLink`. */
export function renderCampaign(
  campaign: CampaignForMail,
  vars: RenderVariables,
  rewriteLink?: (url: string) => string,
) {
  return renderCampaignEmail(
    campaign.content,
    { subject: campaign.subject, preheader: campaign.preheader },
    vars,
    rewriteLink,
  );
}

/** The message's merge-tag values, and its links to track (none when the owner turned analytics off). */
export function draftCampaignMessage(
  campaign: CampaignForMail,
  context: MailContext,
  campaignSendId: string,
): MailDraft {
  const vars = withCampaignCode(
    mailVariables(context, {
      unsubscribe: campaignUnsubscribeUrl(context.subscriber.id, campaignSendId),
      language: context.languages.popup,
    }),
    campaign.discountCode,
  );
  const urls = context.preferences.enableAnalytics ? campaignLinksIn(campaign.content, vars) : [];
  return { vars, urls };
}

/** The sender: the campaign's from name when it has one, else the store's email settings'. */
export function campaignSender(settings: MailContext["settings"], fromName: string): SendMailOptions["from"] {
  const name = fromName.replace(/[\r\n]+/g, " ").trim();
  return name ? { name, address: settings.fromEmail ?? "" } : senderOf(settings);
}

/**
 * The message as it goes (its recipient aside): RFC 8058 one-click unsubscribe, a Message-ID stable per
 * (campaign, subscriber) (receivers drop a duplicate if a crash ever made one), and the campaign as the list
 * it belongs to.
 */
export function campaignMail(
  campaign: CampaignForMail,
  context: MailContext,
  campaignSendId: string,
  draft: MailDraft,
  links: Map<string, string>,
): Omit<SendMailOptions, "to"> {
  const rendered = renderCampaign(campaign, draft.vars, (url) => links.get(url) ?? url);
  const host = new URL(env().APP_URL).hostname;
  return {
    from: campaignSender(context.settings, campaign.fromName),
    ...rendered,
    messageId: `<campaign.${campaignSendId}@${host}>`,
    headers: {
      "List-Unsubscribe": `<${draft.vars.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `<${campaign.slug}.${campaign.id.slice(0, 8)}.${host}>`,
    },
  };
}
