import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailSends, emailTemplates, subscribers } from "~/db/schema";
import { type ClaimedSend, markFailed, markSent } from "~/services/email/leases.server";
import { claimBatch, sendBatch } from "~/services/email/outbox.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { confirmationRowsKind } from "../support/builders/outbox-kind";
import { storeMailingTo } from "../support/builders/store-mail";
import { testDb } from "../support/infra/db";
import { type SinkMessage, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";

/**
 * The outbox's contract, whatever kind of message it sends: each claimed send goes once and is recorded;
 * one that does not go is recorded with why; a lease kept alive is never taken over, a lapsed one is; a
 * temporary failure is tried again until its last try, a permanent one never.
 */
const LEASE_SECONDS = 2;

let sink: SmtpSink;
let storeId: string;
let counter = 0;
/** What the test kind recorded as not sent, and why. */
let skipped: { sendId: string; reason: string }[] = [];

/** A kind of message over the confirmation rows of email_sends, sent to whoever is active. */
const testKind = confirmationRowsKind({
  skip: (context) => (context.subscriber.isActive ? null : "the subscriber unsubscribed"),
  recordSkip: async (claim, reason) => {
    skipped.push({ sendId: claim.sendId, reason });
    await markFailed(emailSends, claim, reason);
  },
});

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK_TARGETS = "true";
  process.env.EMAIL_SEND_LEASE_SECONDS = String(LEASE_SECONDS);
  sink = await startSmtpSink();
  storeId = await storeMailingTo(sink);
});

afterAll(async () => {
  await sink?.stop();
});

beforeEach(async () => {
  skipped = [];
  await sink.setMode("accept");
  // Sends an earlier test left behind are not this test's.
  await testDb().delete(emailSends).where(eq(emailSends.kind, "confirmation"));
});

/** A subscriber with a pending send in the outbox. */
async function pendingSend(store = storeId, values: { isActive?: boolean } = {}) {
  const email = `outbox-${++counter}@acme.example`;
  const [subscriber] = await testDb()
    .insert(subscribers)
    .values({ storeId: store, email, ...values })
    .returning();
  if (!subscriber) throw new Error("no subscriber");
  const [send] = await testDb()
    .insert(emailSends)
    .values({
      storeId: store,
      subscriberId: subscriber.id,
      kind: "confirmation",
      status: "pending",
      attempts: 0,
    })
    .returning();
  if (!send) throw new Error("no send");
  return { email, sendId: send.id };
}

const sendRows = (sendIds: string[]) =>
  testDb().select().from(emailSends).where(inArray(emailSends.id, sendIds));
const to = (email: string) => (message: SinkMessage) => message.envelopeTo.includes(email);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the outbox", () => {
  it("claims only its kind's due sends, sends each once and records it sent", async () => {
    const sends = await Promise.all([pendingSend(), pendingSend(), pendingSend()]);
    const batch = await claimBatch(testKind, 10);
    expect(batch.map((claim) => claim.sendId).sort()).toEqual(sends.map((send) => send.sendId).sort());
    expect(await claimBatch(testKind, 10)).toEqual([]);

    await sendBatch(testKind, batch);
    for (const { email } of sends) expect(sink.messages.filter(to(email))).toHaveLength(1);
    const rows = await sendRows(sends.map((send) => send.sendId));
    expect(rows.map((row) => [row.status, row.attempts, row.lockedUntil])).toEqual(
      rows.map(() => ["sent", 1, null]),
    );
    expect(await claimBatch(testKind, 10)).toEqual([]);
  });

  it("records every send it does not send, with why: skipped by the kind, or nothing to send it with", async () => {
    const left = await pendingSend(storeId, { isActive: false });
    const otherStore = (await createStoreFor((await createOrganizationWithAdmin()).admin.id)).id;
    await testDb().delete(emailTemplates).where(eq(emailTemplates.storeId, otherStore));
    const unsendable = await pendingSend(otherStore);
    const sent = await pendingSend();

    await sendBatch(testKind, await claimBatch(testKind, 10));
    expect(skipped).toEqual(
      expect.arrayContaining([
        { sendId: left.sendId, reason: "the subscriber unsubscribed" },
        { sendId: unsendable.sendId, reason: "the store cannot send email" },
      ]),
    );
    expect(skipped).toHaveLength(2);
    expect(sink.messages.filter(to(left.email))).toHaveLength(0);
    expect(sink.messages.filter(to(unsendable.email))).toHaveLength(0);
    expect(sink.messages.filter(to(sent.email))).toHaveLength(1);
  });

  it("keeps a stuck send's lease alive: no other worker takes it over meanwhile", async () => {
    const send = await pendingSend();
    await sink.setMode("hold");
    const sending = sendBatch(testKind, await claimBatch(testKind, 10));
    await sleep(LEASE_SECONDS * 2_500);
    expect(await claimBatch(testKind, 10)).toEqual([]);
    expect(await sendRows([send.sendId])).toMatchObject([{ status: "sending", attempts: 1 }]);

    // The held sender is let go with a temporary failure (421): the send waits for its retry, still its own.
    await sink.setMode("accept");
    await sending;
    expect(await sendRows([send.sendId])).toMatchObject([{ status: "pending", attempts: 1 }]);
    await sendBatch(testKind, await claimBatch(testKind, 10));
    expect(sink.messages.filter(to(send.email))).toHaveLength(1);
    expect(await sendRows([send.sendId])).toMatchObject([{ status: "sent", attempts: 2 }]);
  }, 30_000);

  it("lets another worker take over a send whose lease lapsed; the first worker's record then changes nothing", async () => {
    const send = await pendingSend();
    const [dead] = await claimBatch(testKind, 10);
    await sleep(LEASE_SECONDS * 1_000 + 500);
    const [takeover] = await claimBatch(testKind, 10);
    expect(takeover).toMatchObject({ sendId: send.sendId, attempt: 2 });

    expect(await markSent(emailSends, dead as ClaimedSend, "<late@acme.example>")).toBe(false);
    await sendBatch(testKind, [takeover as ClaimedSend]);
    expect(sink.messages.filter(to(send.email))).toHaveLength(1);
    expect(await sendRows([send.sendId])).toMatchObject([{ status: "sent", attempts: 2 }]);
  }, 30_000);

  it("tries a temporary failure again until its last try, and never a permanent one", async () => {
    const temporary = await pendingSend();
    const permanent = await pendingSend();
    sink.failRecipient(temporary.email, 450);
    sink.failRecipient(permanent.email, 550);
    try {
      await sendBatch(testKind, await claimBatch(testKind, 10));
      expect(await sendRows([temporary.sendId])).toMatchObject([{ status: "pending", attempts: 1 }]);
      expect(await sendRows([permanent.sendId])).toMatchObject([{ status: "failed", attempts: 1 }]);

      const retry = await claimBatch(testKind, 10);
      expect(retry.map((claim) => claim.sendId)).toEqual([temporary.sendId]);
      await sendBatch(testKind, retry);
      expect(await sendRows([temporary.sendId])).toMatchObject([{ status: "failed", attempts: 2 }]);
      expect(sink.recipientAttempts(permanent.email)).toBe(1);
      expect(await claimBatch(testKind, 10)).toEqual([]);
    } finally {
      sink.failRecipient(temporary.email, null);
      sink.failRecipient(permanent.email, null);
    }
  });
});
