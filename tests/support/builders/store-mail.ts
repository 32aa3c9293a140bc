import { eq } from "drizzle-orm";
import { emailSettings, emailTemplates } from "~/db/schema";
import { testDb } from "../infra/db";
import type { SmtpSink } from "../infra/smtp-sink";
import { createStoreFor } from "./actors";
import { createOrganizationWithAdmin } from "./fixtures";

/** The postal address a store ready to send marketing mail has in its email footer (campaigns need one). */
export const STORE_POSTAL_ADDRESS = "1 Harbour Street, Springfield";

/**
 * Points a store's SMTP settings at a loopback sink, straight in the database (no password), and gives its
 * email footer a postal address. The app or worker that sends must run with ALLOW_PRIVATE_NETWORK_TARGETS=true
 * to connect to 127.0.0.1.
 */
export async function sendStoreMailTo(sink: SmtpSink, storeId: string): Promise<void> {
  await testDb()
    .update(emailSettings)
    .set({
      smtpHost: "127.0.0.1",
      smtpPort: Number(new URL(sink.url).port),
      fromEmail: "hello@acme.example",
      isConfigured: true,
    })
    .where(eq(emailSettings.storeId, storeId));
  await givePostalAddress(storeId);
}

/** Gives the store's email footer a postal address: welcome emails and campaigns wait for one. */
export async function givePostalAddress(storeId: string): Promise<void> {
  await testDb()
    .update(emailTemplates)
    .set({ companyAddress: STORE_POSTAL_ADDRESS })
    .where(eq(emailTemplates.storeId, storeId));
}

/** A new organization's store whose mail goes to the sink: its id. */
export async function storeMailingTo(sink: SmtpSink): Promise<string> {
  const owner = await createOrganizationWithAdmin();
  const storeId = (await createStoreFor(owner.admin.id)).id;
  await sendStoreMailTo(sink, storeId);
  return storeId;
}
