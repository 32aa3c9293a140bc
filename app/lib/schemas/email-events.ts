/**
 * The providers behind a store's SMTP server whose signed bounce and complaint webhooks the app takes
 * (docs/decisions/174), and what Settings asks for each.
 */
export const emailEventsProviders = ["ses", "postmark", "sendgrid", "mailgun", "resend"] as const;
export type EmailEventsProvider = (typeof emailEventsProviders)[number];

export const EMAIL_EVENTS_PROVIDERS: Record<
  EmailEventsProvider,
  { label: string; secretLabel: string; secretHelp: string }
> = {
  ses: {
    label: "Amazon SES (through SNS)",
    secretLabel: "SNS topic ARN",
    secretHelp:
      "The ARN of the SNS topic SES publishes bounces and complaints to; messages of any other topic are refused",
  },
  postmark: {
    label: "Postmark",
    secretLabel: "Webhook password",
    secretHelp:
      "A password you choose, at least 24 letters, digits or - . _ ~; Postmark sends it with HTTP basic auth: put it in the webhook URL as https://postmark:PASSWORD@…",
  },
  sendgrid: {
    label: "SendGrid",
    secretLabel: "Verification key",
    secretHelp: "Mail Settings → Event Webhook → Signed Event Webhook: the public key SendGrid shows",
  },
  mailgun: {
    label: "Mailgun",
    secretLabel: "HTTP webhook signing key",
    secretHelp: "Sending → Webhooks → HTTP webhook signing key",
  },
  resend: {
    label: "Resend",
    secretLabel: "Signing secret",
    secretHelp: "The webhook's signing secret (whsec_…)",
  },
};
