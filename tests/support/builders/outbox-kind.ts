import { eq } from "drizzle-orm";
import { emailSends } from "~/db/schema";
import type { OutboxKind } from "~/services/email/outbox.server";

/**
 * A kind of message over the confirmation rows of email_sends, for tests of the outbox itself: a plain text
 * message, two tries in all with no wait between them. `skip` and `recordSkip` say what it leaves out and how.
 */
export function confirmationRowsKind(
  handling: Pick<OutboxKind, "skip" | "recordSkip"> & Partial<OutboxKind>,
): OutboxKind {
  return {
    name: "test message",
    table: emailSends,
    rows: eq(emailSends.kind, "confirmation"),
    missing: "the store cannot send email",
    draft: (_claim, context) => ({
      vars: {
        firstName: "Jo",
        discountCode: "OUTBOX",
        discountPercentage: 10,
        storeName: context.store.name,
        storeUrl: null,
        unsubscribeUrl: "https://app.example/u/x",
      },
      urls: [],
    }),
    trackedAs: (claim) => ({ sendId: claim.sendId }),
    render: (claim) => ({ from: "hello@acme.example", subject: `Outbox ${claim.sendId}`, text: "Hello" }),
    retries: { attempts: 2, firstDelaySeconds: 0 },
    ...handling,
  };
}
