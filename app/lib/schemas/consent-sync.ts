import { z } from "zod";

/** PUT /api/stores/:id/shopify/consent-sync: copy subscribers to Shopify with their email marketing consent. */
export const consentSyncSchema = z.object({ enabled: z.boolean({ error: "Choose on or off" }) });

/**
 * Who sends the welcome to a subscriber whose consent reaches Shopify: this app (its welcome email, with the
 * subscriber's code) or Shopify's marketing automation for new subscribers, which the consent starts.
 */
export const WELCOME_EMAIL_SENDERS = ["app", "shopify"] as const;
export type WelcomeEmailSender = (typeof WELCOME_EMAIL_SENDERS)[number];

/** PUT /api/stores/:id/shopify/welcome-sender. */
export const welcomeSenderSchema = z.object({
  sender: z.enum(WELCOME_EMAIL_SENDERS, { error: "Choose the app or Shopify" }),
});

/** Consent sync writes customers: an optional scope of the embedded app (shopify.app.toml), asked for when sync is turned on. */
export const CUSTOMER_WRITE_SCOPE = "write_customers";

export type ConsentSyncAnswer = { consentSyncEnabled: boolean; message: string };
