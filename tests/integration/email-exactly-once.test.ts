import type { ChildProcess } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSends, subscribers } from "~/db/schema";
import { SendInProgress } from "~/services/email/sends.server";
import { sendPendingWelcomeEmails, sendWelcomeEmail } from "~/services/subscribers/after-subscribe.server";
import { closeQueues, enqueue } from "../../jobs/client";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { testDb } from "../support/infra/db";
import { TEST_REDIS_URL } from "../support/infra/services";
import { type SinkMessage, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";
import { startWorker } from "../support/infra/worker-process";

/** The send record makes a welcome email go out once, whatever happens to the jobs that send it. */
let sink: SmtpSink;
let storeId: string;
let counter = 0;
const LEASE_SECONDS = "2";

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK_TARGETS = "true";
  process.env.EMAIL_SEND_LEASE_SECONDS = LEASE_SECONDS;
  sink = await startSmtpSink();
  const owner = await createOrganizationWithAdmin();
  storeId = (await createStoreFor(owner.admin.id)).id;
  await sendStoreMailTo(sink, storeId);
});

afterAll(async () => {
  await closeQueues();
  await sink?.stop();
});

async function newSubscriber() {
  const email = `once-${++counter}-${Date.now()}@acme.example`;
  const [row] = await testDb()
    .insert(subscribers)
    .values({ storeId, email, discountCodeSent: "WELCOME15" })
    .returning();
  if (!row) throw new Error("no subscriber");
  return row;
}

/** A subscriber whose welcome email the subscription left pending in the outbox (its wake-up lost). */
async function pendingSubscriber() {
  const subscriber = await newSubscriber();
  await testDb()
    .insert(emailSends)
    .values({ storeId, subscriberId: subscriber.id, kind: "welcome", status: "pending", attempts: 0 });
  return subscriber;
}

const to = (email: string) => (message: SinkMessage) => message.envelopeTo.includes(email);
const sendRow = async (subscriberId: string) =>
  (await testDb().select().from(emailSends).where(eq(emailSends.subscriberId, subscriberId)))[0];

describe("exactly one welcome email", () => {
  it("when the same job runs twice at once", async () => {
    const subscriber = await newSubscriber();
    const results = await Promise.allSettled([
      sendWelcomeEmail(subscriber.id),
      sendWelcomeEmail(subscriber.id),
    ]);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toBeInstanceOf(SendInProgress);
    }
    await sink.waitForMessage(to(subscriber.email));
    await sendWelcomeEmail(subscriber.id);
    expect(sink.messages.filter(to(subscriber.email))).toHaveLength(1);
    expect(await sendRow(subscriber.id)).toMatchObject({ status: "sent", kind: "welcome" });
  });

  it("when a job stalled after claiming the send: the next run waits for the lease, then sends once", async () => {
    const subscriber = await newSubscriber();
    await testDb().insert(emailSends).values({
      storeId,
      subscriberId: subscriber.id,
      kind: "welcome",
      status: "sending",
      lockedUntil: sql`now() + interval '1 hour'`,
    });
    await expect(sendWelcomeEmail(subscriber.id)).rejects.toBeInstanceOf(SendInProgress);
    expect(sink.messages.filter(to(subscriber.email))).toHaveLength(0);

    await testDb()
      .update(emailSends)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailSends.subscriberId, subscriber.id));
    await sendWelcomeEmail(subscriber.id);
    await sink.waitForMessage(to(subscriber.email));
    expect(await sendRow(subscriber.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("when the worker process is killed (SIGKILL) in the middle of sending", async () => {
    process.env.REDIS_URL = TEST_REDIS_URL;
    const subscriber = await newSubscriber();
    let first: ChildProcess | undefined;
    let second: ChildProcess | undefined;
    try {
      await sink.setMode("hold");
      const attemptsBefore = sink.attempts();
      await enqueue(
        "email",
        { type: "welcome", subscriberId: subscriber.id },
        { jobId: `welcome-${subscriber.id}` },
      );
      first = startWorker();
      await eventually(() => sink.attempts() > attemptsBefore, {
        timeoutMs: 60_000,
        what: "the first worker to start sending",
      });
      first.kill("SIGKILL");
      await new Promise((resolve) => first?.once("exit", resolve));
      expect(await sendRow(subscriber.id)).toMatchObject({ status: "sending" });

      await sink.setMode("accept");
      second = startWorker();
      await sink.waitForMessage(to(subscriber.email), 120_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sink.messages.filter(to(subscriber.email))).toHaveLength(1);
      expect(await sendRow(subscriber.id)).toMatchObject({ status: "sent" });
    } finally {
      first?.kill("SIGKILL");
      second?.kill("SIGTERM");
      delete process.env.REDIS_URL;
    }
  }, 180_000);

  it("from the outbox, however many workers drain it at once, and not again on the next sweep", async () => {
    const pending = await Promise.all(Array.from({ length: 30 }, pendingSubscriber));
    await Promise.all([sendPendingWelcomeEmails(), sendPendingWelcomeEmails(), sendPendingWelcomeEmails()]);
    await sendPendingWelcomeEmails();
    for (const subscriber of pending) {
      await sink.waitForMessage(to(subscriber.email));
      expect(sink.messages.filter(to(subscriber.email))).toHaveLength(1);
      expect(await sendRow(subscriber.id)).toMatchObject({ status: "sent", attempts: 1 });
    }
  });

  it("from the outbox when a job sends the same welcome email meanwhile", async () => {
    const subscriber = await pendingSubscriber();
    await Promise.allSettled([sendPendingWelcomeEmails(), sendWelcomeEmail(subscriber.id)]);
    await sendPendingWelcomeEmails();
    await sink.waitForMessage(to(subscriber.email));
    expect(sink.messages.filter(to(subscriber.email))).toHaveLength(1);
    expect(await sendRow(subscriber.id)).toMatchObject({ status: "sent" });
  });
});
