import { z } from "zod";
import { fillLinkTags, linkableUrl } from "../email-links";
import { defaultEmailTemplate, emailFrameFields, previewEmailTemplateSchema } from "./email-template";
import { MAX_URL, requiredField, textField } from "./text-field";

/**
 * A campaign's content (issue 18): the email template's frame (logo, header, footer, social links,
 * colours) around a body of blocks, in order. The renderer is app/services/campaigns/render.server.ts.
 */

export const MAX_BLOCKS = 50;
export const blockTypes = ["text", "button", "image", "discountCode", "divider"] as const;
export type BlockType = (typeof blockTypes)[number];

const MAX_TEXT = 10_000;
const MAX_LABEL = 100;
const MAX_ALT = 200;
const MAX_ID = 40;

/** What a link's offer tags stand for while it is checked (the code is URL-encoded when it is filled in). */
const SAMPLE_OFFER = { discountCode: "CODE", discountPercentage: 10 };

const blockId = z
  .string({ error: "Block id must be text" })
  .regex(new RegExp(`^[\\w-]{1,${MAX_ID}}$`), `Block id must be 1 to ${MAX_ID} letters, digits, - or _`);

/** '' (see each use) or an http(s) link once its tags are filled: a shop's /discount/[DISCOUNT_CODE] link is one. */
const link = (label: string) =>
  textField(label, MAX_URL).refine(
    (url) => url === "" || linkableUrl(fillLinkTags(url, SAMPLE_OFFER)) !== null,
    `${label} must be an http:// or https:// link`,
  );

// Mail clients block or warn about images over plain http.
const imageUrl = requiredField("Image URL", MAX_URL).refine(
  (url) => url === "" || linkableUrl(url, ["https:"]) !== null,
  "Image URL must be an https:// image URL",
);

const BLOCK_TYPE_MESSAGE = `Block type must be one of ${blockTypes.slice(0, -1).join(", ")} or ${blockTypes.at(-1)}`;

const blockOptions = {
  error: (issue: { code: string }) =>
    issue.code === "invalid_union" ? BLOCK_TYPE_MESSAGE : "Each block must be an object",
};

export const campaignBlockSchema = z.discriminatedUnion(
  "type",
  [
    /** Paragraphs (blank lines) of text with merge tags; URLs in it become links. */
    z.object({ id: blockId, type: z.literal("text"), text: requiredField("Block text", MAX_TEXT) }).strict(),
    /** A button in the primary colour; url '' links to the shop (the Website link, else the store's URL). */
    z
      .object({
        id: blockId,
        type: z.literal("button"),
        label: requiredField("Button label", MAX_LABEL),
        url: link("Button URL"),
      })
      .strict(),
    /** An image as wide as the email's body, linked when `link` is not ''. */
    z
      .object({
        id: blockId,
        type: z.literal("image"),
        url: imageUrl,
        alt: textField("Image description", MAX_ALT).default(""),
        link: link("Image link").default(""),
      })
      .strict(),
    /** The subscriber's own code in the secondary-colour box. */
    z.object({ id: blockId, type: z.literal("discountCode") }).strict(),
    z.object({ id: blockId, type: z.literal("divider") }).strict(),
  ],
  blockOptions,
);

export type CampaignBlock = z.infer<typeof campaignBlockSchema>;

const blocks = z
  .array(campaignBlockSchema, { error: "blocks must be a list of blocks" })
  .min(1, "Add at least one block")
  .max(MAX_BLOCKS, `A campaign has at most ${MAX_BLOCKS} blocks`)
  .superRefine((list, context) => {
    const seen = new Set<string>();
    list.forEach((block, index) => {
      if (seen.has(block.id)) {
        context.addIssue({ code: "custom", path: [index, "id"], message: "Each block needs its own id" });
      }
      seen.add(block.id);
    });
  });

/** A whole content, as stored. */
export const campaignContentSchema = z.object({ ...emailFrameFields, blocks }).strict();

export type CampaignContent = z.infer<typeof campaignContentSchema>;

/** A change to a content (a POST's, or a PUT's): frame fields merge, social links one by one; `blocks` replaces the list. */
export const campaignContentChangesSchema = z
  .object({
    ...campaignContentSchema.shape,
    socialMediaLinks: emailFrameFields.socialMediaLinks.partial().strict(),
  })
  .partial()
  .strict();

export type CampaignContentChanges = z.infer<typeof campaignContentChangesSchema>;

export function applyContentChanges(
  content: CampaignContent,
  changes: CampaignContentChanges,
): CampaignContent {
  return {
    ...content,
    ...changes,
    socialMediaLinks: { ...content.socialMediaLinks, ...changes.socialMediaLinks },
  };
}

const {
  templateName: _templateName,
  subject: _subject,
  bodyContent: _bodyContent,
  ...templateFrame
} = defaultEmailTemplate;

/**
 * A new campaign's content: the template's default frame under a header of its own (the template's
 * "Welcome to our newsletter!" greets a new subscriber, not a reader), a greeting and a button to the shop.
 */
export const defaultCampaignContent: CampaignContent = {
  ...templateFrame,
  headerText: "News from our store",
  blocks: [
    { id: "greeting", type: "text", text: "Hi [First Name],\n\nHere is what is new in our store." },
    { id: "shop-now", type: "button", label: "Shop now", url: "" },
  ],
};

/**
 * The blocks as the preview takes them: only types and lengths are checked, so a half-typed link or
 * image address previews as the email would show it (the renderer links and shows only valid ones).
 */
const previewBlock = z.discriminatedUnion(
  "type",
  [
    z.object({
      id: z.string().max(MAX_ID),
      type: z.literal("text"),
      text: textField("Block text", MAX_TEXT),
    }),
    z.object({
      id: z.string().max(MAX_ID),
      type: z.literal("button"),
      label: textField("Button label", MAX_LABEL),
      url: textField("Button URL", MAX_URL),
    }),
    z.object({
      id: z.string().max(MAX_ID),
      type: z.literal("image"),
      url: textField("Image URL", MAX_URL),
      alt: textField("Image description", MAX_ALT).default(""),
      link: textField("Image link", MAX_URL).default(""),
    }),
    z.object({ id: z.string().max(MAX_ID), type: z.literal("discountCode") }),
    z.object({ id: z.string().max(MAX_ID), type: z.literal("divider") }),
  ],
  blockOptions,
);

/** The editor's unsaved content for the preview: missing fields take the new campaign's. */
export const campaignContentPreviewSchema = previewEmailTemplateSchema
  .pick({
    headerLogo: true,
    footerText: true,
    footerNote: true,
    socialMediaLinks: true,
    companyAddress: true,
    primaryColor: true,
    secondaryColor: true,
  })
  .extend({
    headerText: previewEmailTemplateSchema.shape.headerText
      .unwrap()
      .default(defaultCampaignContent.headerText),
    blocks: z
      .array(previewBlock, { error: "blocks must be a list of blocks" })
      .max(MAX_BLOCKS, `A campaign has at most ${MAX_BLOCKS} blocks`)
      .default(defaultCampaignContent.blocks),
  });
