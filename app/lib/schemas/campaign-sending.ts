import { z } from "zod";
import { testRecipientSchema } from "./email-settings";

/** A campaign without a postal address in its footer is not sent (CAN-SPAM and similar laws). */
export const NO_POSTAL_ADDRESS =
  "Add your postal address (Header, colours and footer → Company address) before sending: anti-spam laws such as CAN-SPAM require one in every marketing email";

/** The latest a campaign may be scheduled: a year ahead. */
const MAX_SCHEDULE_MS = 366 * 24 * 3600_000;

/**
 * POST /api/stores/:storeId/campaigns/:campaignId/send: `{}` sends now (or resumes a paused send);
 * `{ scheduledAt }` (an ISO time with its offset, in the future) schedules a draft.
 */
export const sendCampaignSchema = z
  .object({
    scheduledAt: z.iso
      .datetime({ offset: true, error: "scheduledAt must be a date and time like 2026-12-01T09:00:00Z" })
      .refine((value) => Date.parse(value) > Date.now(), "Pick a time in the future")
      .refine((value) => Date.parse(value) < Date.now() + MAX_SCHEDULE_MS, "Pick a time within a year")
      .optional(),
  })
  .strict();

/** POST …/campaigns/:campaignId/test: one address, checked like every address the product mails. */
export const campaignTestSchema = testRecipientSchema;

/** PUT /api/stores/:storeId/campaign-settings: campaign messages per second through the store's SMTP. */
export const campaignSettingsSchema = z
  .object({
    sendRate: z
      .number({ error: "Sending speed must be a number of messages per second" })
      .int("Sending speed must be a whole number")
      .min(1, "Sending speed must be between 1 and 1000 messages per second")
      .max(1000, "Sending speed must be between 1 and 1000 messages per second"),
  })
  .strict();

export type SendCampaignInput = z.infer<typeof sendCampaignSchema>;

export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;
export type CampaignTest = z.infer<typeof campaignTestSchema>;
