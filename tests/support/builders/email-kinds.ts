/**
 * Every kind of email the product sends, as the mailers compose it (the product's own renderers, headers and
 * senders), with realistic content: the suites that judge email from outside (spam scores, client
 * compatibility, contrast) all go through this one list, so a new kind is judged by each.
 */
import type { SendMailOptions } from "nodemailer";
import { defaultCampaignContent } from "~/lib/schemas/campaign-content";
import { defaultEmailTemplate } from "~/lib/schemas/email-template";
import { type CampaignForMail, campaignMail } from "~/services/campaigns/message.server";
import { campaignLinksIn } from "~/services/campaigns/render.server";
import { confirmationEmail } from "~/services/email/confirmation.server";
import { subscriberHeaders } from "~/services/email/deliver-once.server";
import type { MailContext } from "~/services/email/mail-context.server";
import type { RenderVariables } from "~/services/email/merge-tags.server";
import { renderWelcomeEmail } from "~/services/email/render.server";
import {
  memberInviteMail,
  notificationAddressMail,
  passwordResetMail,
} from "~/services/email/system-messages.server";
import {
  customerDataRequestMail,
  digestMail,
  summaryMail,
  unsubscribeAlertMail,
} from "~/services/notifications/messages.server";

const STORE_SENDER = '"Acme Outdoors" <hello@acme-outdoors.example>';
const SYSTEM_SENDER = "Newsletter Popup <no-reply@newsletter-popup.example>";
const READER = "jane.doe@example.net";
const OWNER = "owner@acme-outdoors.example";
const APP = "https://app.newsletter-popup.example";
const SUBSCRIBER_ID = "4a7c2f10-8d1e-4b5a-9c3f-2e6d8a1b7c90";

const vars: RenderVariables = {
  firstName: "Jane",
  discountCode: "WELCOME15",
  discountPercentage: 15,
  storeName: "Acme Outdoors",
  storeUrl: "https://acme-outdoors.example",
  unsubscribeUrl: `${APP}/u/tok-123`,
  conditions: "On orders of $50 or more. Valid until 31 December 2026. One use per customer.",
};
const postalAddress = "1 Harbour Street\nSpringfield, OR 97477\nUnited States";
const tracked = (url: string) => `${APP}/t/${encodeURIComponent(url)}`;

export type EmailKind = { name: string; mail: SendMailOptions };

function storeMail(name: string, kind: "welcome" | "confirmation", message: SendMailOptions): EmailKind {
  return {
    name,
    mail: { from: STORE_SENDER, to: READER, ...message, ...subscriberHeaders(SUBSCRIBER_ID, kind) },
  };
}

const systemMail = (name: string, message: SendMailOptions): EmailKind => ({
  name,
  mail: { from: SYSTEM_SENDER, ...message },
});

/** A campaign's message as campaignMail makes it (List-Id, one-click unsubscribe, tracked links). */
function campaignMessage(): SendMailOptions {
  const campaign: CampaignForMail = {
    id: "9b1f3c2a-6d4e-4f8a-b2c1-7e5d9a3f0c11",
    name: "November news",
    slug: "november-news",
    subject: "News from Acme Outdoors",
    preheader: "What is new this month",
    fromName: "",
    discountCode: "",
    content: {
      ...defaultCampaignContent,
      blocks: [...defaultCampaignContent.blocks, { id: "code", type: "discountCode" }],
      companyAddress: postalAddress,
    },
  };
  const settings = { fromEmail: "hello@acme-outdoors.example", fromName: "Acme Outdoors" };
  // campaignMail reads only the store's sender from the context.
  const context = { settings } as unknown as MailContext;
  const urls = campaignLinksIn(campaign.content, vars);
  const links = new Map(urls.map((url) => [url, tracked(url)]));
  return campaignMail(campaign, context, "5c2e8f41-0a7b-4d3c-9e16-b8f2a4c7d5e0", { vars, urls }, links);
}

export const emailKinds: EmailKind[] = [
  storeMail(
    "welcome",
    "welcome",
    renderWelcomeEmail({ ...defaultEmailTemplate, companyAddress: postalAddress }, vars, tracked),
  ),
  storeMail(
    "confirmation",
    "confirmation",
    confirmationEmail("Acme Outdoors", `${APP}/c/tok-456`, "#00c68c", "en"),
  ),
  { name: "campaign", mail: { to: READER, ...campaignMessage() } },
  systemMail("new-subscriber digest", digestMail(OWNER, "Acme Outdoors", 3, [READER, "sam@example.org"])),
  systemMail("daily summary", summaryMail(OWNER, "Acme Outdoors", "2026-11-27", 12, 480)),
  systemMail("unsubscribe alert", unsubscribeAlertMail(OWNER, "Acme Outdoors", 9, 480)),
  systemMail(
    "customer data request",
    customerDataRequestMail(OWNER, "acme-outdoors.myshopify.com", READER, [
      { email: READER, subscribedAt: "2026-11-01T10:00:00Z", attributedOrders: [] },
    ]),
  ),
  systemMail("invitation", memberInviteMail("sam@example.org", `${APP}/reset-password?token=abc`, OWNER)),
  systemMail("password reset", passwordResetMail(OWNER, `${APP}/reset-password?token=def`)),
  systemMail("notification address", notificationAddressMail(OWNER, `${APP}/notification-address?token=ghi`)),
];
