import { eq } from "drizzle-orm";
import { emailSettings } from "~/db/schema";
import { testDb } from "../infra/db";
import type { SmtpSink } from "../infra/smtp-sink";

/**
 * Points a store's SMTP settings at a loopback sink, straight in the database (no password). The app
 * or worker that sends must run with ALLOW_PRIVATE_NETWORK_TARGETS=true to connect to 127.0.0.1.
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
}
