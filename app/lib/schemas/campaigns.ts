import { z } from "zod";
import { campaignContentChangesSchema, campaignContentPreviewSchema } from "./campaign-content";
import { discountCodeText } from "./popup-values";
import { subscriberFiltersSchema } from "./subscribers";
import { requiredField as required, textField as text } from "./text-field";

/**
 * draft: being written; scheduled: waits for its time; sending, paused: on its way; sent, cancelled: done.
 * Only a draft may be changed or deleted (see CAMPAIGN_NOT_DRAFT).
 */
export const campaignStatuses = ["draft", "scheduled", "sending", "paused", "sent", "cancelled"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const CODE_USED = ["any", "yes", "no"] as const;

/**
 * Which subscribers a campaign goes to, narrowed like the Subscribers list: subscribed between `from` and
 * `to` (UTC days, both included), the search, whether they used their discount code, and (confirmedOnly)
 * only addresses that confirmed a double opt-in. Unsubscribed and never-confirmed addresses never count.
 */
export type CampaignAudience = {
  from: string | null;
  to: string | null;
  search: string;
  codeUsed: (typeof CODE_USED)[number];
  confirmedOnly: boolean;
};

export const defaultCampaignAudience: CampaignAudience = {
  from: null,
  to: null,
  search: "",
  codeUsed: "any",
  confirmedOnly: false,
};

/** A calendar day; years before 1900 are refused (PostgreSQL has no year 0, and no subscriber is that old). */
const day = (label: string) => {
  const message = `${label} must be a date like 2026-01-31`;
  return z.iso
    .date({ error: message })
    .refine((value) => value >= "1900-01-01", message)
    .nullable()
    .default(null);
};

export const campaignAudienceSchema = z
  .object({
    from: day("from"),
    to: day("to"),
    search: subscriberFiltersSchema.shape.search,
    codeUsed: z.enum(CODE_USED, { error: "codeUsed must be one of any, yes or no" }).default("any"),
    confirmedOnly: z.boolean({ error: "confirmedOnly must be true or false" }).default(false),
  })
  .strict()
  .refine(({ from, to }) => from === null || to === null || from <= to, {
    path: ["to"],
    error: "to must be on or after from",
  });

const fields = {
  name: required("Name", 100),
  subject: required("Subject", 200),
  preheader: text("Preheader", 200),
  /** Empty: the store's email settings' from name. */
  fromName: text("From name", 100),
  /** Fills [DISCOUNT_CODE] and the code block; empty: each subscriber's welcome code. */
  discountCode: discountCodeText,
  content: campaignContentChangesSchema,
  audience: campaignAudienceSchema,
};

/** POST /api/stores/:storeId/campaigns: a name and a subject; the rest starts from the defaults. */
export const newCampaignSchema = z
  .object({
    ...fields,
    preheader: fields.preheader.default(""),
    fromName: fields.fromName.default(""),
    discountCode: fields.discountCode.default(""),
  })
  .partial({ content: true, audience: true })
  .strict();

/** PUT /api/stores/:storeId/campaigns/:campaignId: the fields to change; content merges (blocks replace), audience replaces. */
export const updateCampaignSchema = z.object(fields).partial().strict();

export type NewCampaign = z.infer<typeof newCampaignSchema>;
export type CampaignUpdate = z.infer<typeof updateCampaignSchema>;

/**
 * POST /api/stores/:storeId/campaigns/preview: the editor's unsaved subject, preheader and content, checked
 * only for lengths (see campaignContentPreviewSchema); what is missing takes a new campaign's.
 */
export const campaignPreviewSchema = z.object({
  subject: text("Subject", 200).default(""),
  preheader: fields.preheader.default(""),
  discountCode: fields.discountCode.default(""),
  content: campaignContentPreviewSchema.prefault({}),
});

export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;
