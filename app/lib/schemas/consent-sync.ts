import { z } from "zod";

/** PUT /api/stores/:id/shopify/consent-sync: copy subscribers to Shopify with their email marketing consent. */
export const consentSyncSchema = z.object({ enabled: z.boolean({ error: "Choose on or off" }) });

export type ConsentSyncAnswer = { consentSyncEnabled: boolean; message: string };
