import { z } from "zod";
import { type EmailEventsProvider, emailEventsProviders } from "./email-events";

const noLineBreaks = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(/^[^\r\n]*$/, `${label} must be on one line`);

/**
 * PUT /api/stores/:id/email-settings. An omitted field keeps its value, but the host, the port and the from
 * email cannot be emptied (welcome emails need them). An omitted or empty password or DKIM key keeps the stored one;
 * a null DKIM key removes it.
 */
export const updateEmailSettingsSchema = z
  .object({
    smtpHost: noLineBreaks("SMTP host", 253)
      .min(1, "SMTP host is required")
      .regex(/^[A-Za-z0-9.-]*$|^\[[0-9a-fA-F:.]+\]$/, "Enter a host name such as smtp.example.com"),
    smtpPort: z
      .number({
        error: (issue) => (issue.input === null ? "SMTP port is required" : "SMTP port must be a number"),
      })
      .int()
      .min(1, "SMTP port must be between 1 and 65535")
      .max(65535, "SMTP port must be between 1 and 65535"),
    smtpUsername: noLineBreaks("SMTP username", 254),
    smtpPassword: z.string().max(512, "SMTP password is too long"),
    fromEmail: z
      .string()
      .trim()
      .min(1, "From email is required")
      .max(254, "From email must be at most 254 characters")
      .pipe(z.email({ error: "Invalid email address" })),
    fromName: noLineBreaks("From name", 100),
    /** The provider behind the SMTP server whose bounce and complaint webhook the store receives; null: none. */
    eventsProvider: z.enum(emailEventsProviders, { error: "Choose a provider from the list" }).nullable(),
    /** What verifies its webhook (EMAIL_EVENTS_PROVIDERS' secretLabel); empty keeps the stored one. */
    eventsSecret: z.string().trim().max(4_000, "The webhook secret is too long"),
    /** Empty turns DKIM signing off. */
    dkimSelector: noLineBreaks("DKIM selector", 63).regex(
      /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*)?$/,
      "Enter a selector such as s1 or mail2026",
    ),
    /** PEM; an omitted or empty key keeps the stored one, null removes it (and with it the signing). */
    dkimPrivateKey: z.string().max(8000, "DKIM private key is too long").nullable(),
  })
  .partial()
  .strict();

const recipient = z
  .string({ error: "Enter the address to send the test to" })
  .trim()
  .min(1, "Enter the address to send the test to")
  .max(254, "Invalid email address")
  .pipe(z.email({ error: "Invalid email address" }));

/** Where a test email goes: the address the person typed (their own is offered). */
export const testRecipientSchema = z.object({ to: recipient }).strict();

/** POST /api/stores/:id/email-settings/send-test; without `to`, the test goes to the signed-in person. */
export const testEmailSchema = z.object({ to: recipient.optional() }).strict();

export type EmailSettingsUpdate = z.infer<typeof updateEmailSettingsSchema>;

/** A store's SMTP settings as the API and Settings receive them: the password masked, never its ciphertext. */
export type EmailSettingsView = {
  smtpHost: string;
  smtpPort: number;
  smtpUsername: string | null;
  smtpPassword: string;
  fromEmail: string | null;
  fromName: string | null;
  dkimSelector: string | null;
  /** Masked like the password: whether a DKIM key is stored, never any of it. */
  dkimPrivateKey: string;
  /** The host, port and from email are set: welcome emails are attempted. */
  isConfigured: boolean;
  /** ISO time a test email last went through these settings, null since any change or a failed test. */
  verifiedAt: string | null;
  /** The bounce and complaint webhook: its provider, its secret masked, and the URL to give the provider. */
  eventsProvider: EmailEventsProvider | null;
  eventsSecret: string;
  eventsUrl: string;
};

/** One record of the From domain's check (docs/decisions/172): SPF, DKIM or DMARC, each a TXT record. */
export type SendingDomainRecord = {
  kind: "SPF" | "DKIM" | "DMARC";
  /** Where it lives: the DNS name of the TXT record. */
  name: string;
  status: "found" | "missing" | "mismatch";
  /** What the domain publishes now, if anything. */
  found: string | null;
  /** The TXT record to add (or put in its place), or what to do when no record can be written for the merchant. */
  expected: string;
};

/** GET /api/stores/:id/email-settings/domain. */
export type SendingDomainCheck = { domain: string; records: SendingDomainRecord[] };
