import { z } from "zod";
import { MAX_URL, requiredField as required, textField as text } from "./text-field";

export type TemplateSocialLinks = {
  website: string;
  linkedin: string;
  twitter: string;
  facebook: string;
  instagram: string;
};

/** The email_templates columns the merchant edits (SPEC §3): what the editor shows and the renderer reads. */
export type TemplateContent = {
  templateName: string;
  subject: string;
  headerLogo: string;
  headerText: string;
  bodyContent: string;
  footerText: string;
  footerNote: string;
  socialMediaLinks: TemplateSocialLinks;
  companyAddress: string;
  primaryColor: string;
  secondaryColor: string;
};

/**
 * SPEC §3 email_templates defaults: the column defaults of app/db/schema/email.ts, and what a preview
 * without a store shows. The offer's figures are placeholders ([DISCOUNT_PERCENT], [DISCOUNT_CODE]) filled
 * from the store's popup at each send and preview, so the email always says what the popup offers.
 */
export const defaultEmailTemplate: TemplateContent = {
  templateName: "Welcome Email Template",
  subject: "Thank you for subscribing! Here is your [DISCOUNT_PERCENT]% discount",
  headerLogo: "",
  headerText: "Welcome to our newsletter!",
  bodyContent:
    "Hi [First Name],\n\nThank you for subscribing to our newsletter. As a welcome gift, here is your one-time [DISCOUNT_PERCENT]% discount code: [DISCOUNT_CODE]\n\nUse it at checkout on your next order.",
  footerText: "Thank you for being part of our community.",
  footerNote: "You are receiving this email because you subscribed on our website.",
  socialMediaLinks: { website: "", linkedin: "", twitter: "", facebook: "", instagram: "" },
  companyAddress: "",
  primaryColor: "#0071b9",
  secondaryColor: "#00c68c",
};

export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

const color = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .regex(HEX_COLOR_PATTERN, `${label} must be a hex colour like #0071b9`);

/** '' (no link) or an absolute URL with one of the protocols. */
const optionalUrl = (label: string, protocol: RegExp, hint: string) =>
  text(label, MAX_URL).pipe(z.union([z.literal(""), z.url({ protocol, error: `${label} must ${hint}` })]));

const webUrl = (label: string) =>
  optionalUrl(label, /^https?$/, "be a full URL starting with http:// or https://");

const fields = {
  templateName: required("Template name", 100),
  subject: required("Subject", 200),
  // Mail clients block or warn about images over plain http.
  headerLogo: optionalUrl("Header logo URL", /^https$/, "be an https:// image URL"),
  headerText: text("Header text", 200),
  bodyContent: required("Email body", 10_000),
  footerText: text("Footer text", 1_000),
  footerNote: text("Footer note", 1_000),
  socialMediaLinks: z.object({
    website: webUrl("Website"),
    linkedin: webUrl("LinkedIn"),
    twitter: webUrl("Twitter"),
    facebook: webUrl("Facebook"),
    instagram: webUrl("Instagram"),
  }),
  companyAddress: text("Company address", 500),
  primaryColor: color("Primary colour"),
  secondaryColor: color("Secondary colour"),
};

/** The fields of the email around its body (header, footer, social links, colours): the template's, and a campaign's. */
export type EmailFrame = Omit<TemplateContent, "templateName" | "subject" | "bodyContent">;

const { templateName: _templateName, subject: _subject, bodyContent: _bodyContent, ...frameFields } = fields;

/** The frame's field schemas, as saving a template checks them. */
export const emailFrameFields = frameFields;

/** PUT /api/stores/:id/email-template (SPEC §7): the fields to change; social links merge with the saved ones. */
export const updateEmailTemplateSchema = z
  .object({ ...fields, socialMediaLinks: fields.socialMediaLinks.partial().strict() })
  .partial()
  .strict();

export type EmailTemplateUpdate = z.infer<typeof updateEmailTemplateSchema>;

/**
 * POST /api/email-template/preview: the editor's current fields, missing ones taking the defaults. Only
 * lengths are checked: the preview shows a half-typed colour or link as the email would (the renderer
 * falls back to the default colour and links nothing that is not http(s)); saving checks the formats.
 */
export const previewEmailTemplateSchema = z.object({
  templateName: text("Template name", 100).default(defaultEmailTemplate.templateName),
  subject: text("Subject", 200).default(defaultEmailTemplate.subject),
  headerLogo: text("Header logo URL", MAX_URL).default(defaultEmailTemplate.headerLogo),
  headerText: text("Header text", 200).default(defaultEmailTemplate.headerText),
  bodyContent: text("Email body", 10_000).default(defaultEmailTemplate.bodyContent),
  footerText: text("Footer text", 1_000).default(defaultEmailTemplate.footerText),
  footerNote: text("Footer note", 1_000).default(defaultEmailTemplate.footerNote),
  socialMediaLinks: z
    .object({
      website: text("Website", MAX_URL),
      linkedin: text("LinkedIn", MAX_URL),
      twitter: text("Twitter", MAX_URL),
      facebook: text("Facebook", MAX_URL),
      instagram: text("Instagram", MAX_URL),
    })
    .partial()
    .default({})
    .transform((links) => ({ ...defaultEmailTemplate.socialMediaLinks, ...links })),
  companyAddress: text("Company address", 500).default(defaultEmailTemplate.companyAddress),
  primaryColor: text("Primary colour", 32).default(defaultEmailTemplate.primaryColor),
  secondaryColor: text("Secondary colour", 32).default(defaultEmailTemplate.secondaryColor),
  storeId: z.string().max(64).optional(),
});

export type EmailTemplatePreviewInput = z.input<typeof previewEmailTemplateSchema>;
export type EmailTemplatePreview = z.infer<typeof previewEmailTemplateSchema>;
