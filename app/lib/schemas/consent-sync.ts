import { z } from "zod";

/** PUT /api/stores/:id/shopify/consent-sync: copy subscribers to Shopify with their email marketing consent. */
export const consentSyncSchema = z.object({ enabled: z.boolean({ error: "Choose on or off" }) });

/** Consent sync writes customers: an optional scope of the embedded app (shopify.app.toml), asked for when sync is turned on. */
export const CUSTOMER_WRITE_SCOPE = "write_customers";

export type ConsentSyncAnswer = { consentSyncEnabled: boolean; message: string };
