import { z } from "zod";
import { testRecipientSchema } from "./email-settings";
import { timeZoneSchema } from "./time-zone";

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

export const sendRateSchema = z
  .number({ error: "Sending speed must be a number of messages per second" })
  .int("Sending speed must be a whole number")
  .min(1, "Sending speed must be between 1 and 1000 messages per second")
  .max(1000, "Sending speed must be between 1 and 1000 messages per second");

const hourOfDay = (name: string) =>
  z
    .number({ error: `Quiet hours ${name} must be an hour from 0 to 23` })
    .int(`Quiet hours ${name} must be a whole hour from 0 to 23`)
    .min(0, `Quiet hours ${name} must be an hour from 0 to 23`)
    .max(23, `Quiet hours ${name} must be an hour from 0 to 23`);

/** No flow email goes out from `start`:00 to `end`:00 in `timeZone` (docs/decisions/193). */
export const quietHoursSchema = z
  .object({
    enabled: z.boolean({ error: "Quiet hours enabled must be true or false" }),
    start: hourOfDay("start"),
    end: hourOfDay("end"),
    timeZone: timeZoneSchema,
  })
  .strict()
  .refine((quiet) => quiet.start !== quiet.end, {
    path: ["end"],
    error: "Quiet hours must end at a different hour than they start",
  });

/**
 * PUT /api/stores/:storeId/campaign-settings: campaign messages per second through the store's SMTP, and the
 * quiet hours of its flow emails; either or both.
 */
export const campaignSettingsSchema = z
  .object({ sendRate: sendRateSchema.optional(), quietHours: quietHoursSchema.optional() })
  .strict()
  .refine((changes) => changes.sendRate !== undefined || changes.quietHours !== undefined, {
    error: "Send a sendRate, quietHours or both",
  });

export type SendCampaignInput = z.infer<typeof sendCampaignSchema>;

export type CampaignSettingsChanges = z.infer<typeof campaignSettingsSchema>;
export type QuietHoursInput = z.infer<typeof quietHoursSchema>;
/** GET …/campaign-settings. */
export type CampaignSettings = { sendRate: number; quietHours: QuietHoursInput };
export type CampaignTest = z.infer<typeof campaignTestSchema>;
