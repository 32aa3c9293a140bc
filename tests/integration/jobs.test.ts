import { createHash } from "node:crypto";
import { type Job, Queue, type Worker } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeQueues, enqueue } from "../../jobs/client";
import { emailQueue } from "../../jobs/queues/email.config";
import { maintenanceQueue } from "../../jobs/queues/maintenance.config";
import { RETENTION_CRON, registerSchedules } from "../../jobs/schedules";
import { startWorkers, stopWorkers } from "../../jobs/worker";
import { createMember, createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sqlRows } from "../support/infra/db";
import { TEST_REDIS_URL } from "../support/infra/services";
import { findLink, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";

/** The email queue on real Redis, with workers in this process and a real SMTP server. */
let sink: SmtpSink;
let workers: Worker[];
let inspector: Queue;
let inspectorConnection: Redis;
let organizationId: string;
const configuredBackoff = emailQueue.backoffMs;

beforeAll(async () => {
  sink = await startSmtpSink();
  process.env.REDIS_URL = TEST_REDIS_URL;
  process.env.SMTP_URL = sink.url;
  organizationId = (await createOrganizationWithAdmin()).organization.id;
  workers = startWorkers();
  inspectorConnection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  inspector = new Queue(emailQueue.name, {
    connection: inspectorConnection,
    prefix: process.env.REDIS_PREFIX,
  });
});

afterEach(async () => {
  emailQueue.backoffMs = configuredBackoff;
  await sink.setMode("accept");
});

afterAll(async () => {
  await stopWorkers(workers ?? []);
  await closeQueues();
  await inspector?.close();
  await inspectorConnection?.quit();
  await sink?.stop();
});

async function settled(jobId: string): Promise<Job> {
  return eventually(
    async () => {
      const state = await inspector.getJobState(jobId);
      return state === "completed" || state === "failed" ? inspector.getJob(jobId) : undefined;
    },
    { what: `job ${jobId} to finish` },
  );
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const messagesTo = (email: string) => sink.messages.filter((message) => message.envelopeTo.includes(email));

/** The link in the delivered mail is the one the database accepts (the newest token). */
async function expectWorkingLink(email: string) {
  const [message] = messagesTo(email);
  if (!message) throw new Error(`No email to ${email}`);
  const link = findLink(message, "/reset-password?token=");
  const token = link ? new URL(link).searchParams.get("token") : null;
  const [row] = await sqlRows<{ reset_token: string }>("select reset_token from users where email = $1", [
    email,
  ]);
  expect(token).toBeTruthy();
  expect(row?.reset_token).toBe(sha256(token ?? ""));
}

describe("email queue on BullMQ", () => {
  it("delivers a password-reset email exactly once, also when enqueued twice with one jobId", async () => {
    const { member, email } = await createMember(organizationId);
    const jobId = `reset-${member.id}`;
    await enqueue("email", { type: "password-reset", userId: member.id }, { jobId });
    await sink.waitForMessage((message) => message.envelopeTo.includes(email));
    expect(await (await settled(jobId)).getState()).toBe("completed");

    await enqueue("email", { type: "password-reset", userId: member.id }, { jobId });
    const counts = await inspector.getJobCounts("waiting", "active", "delayed", "completed");
    expect(counts).toMatchObject({ waiting: 0, active: 0, delayed: 0 });
    expect(messagesTo(email)).toHaveLength(1);
    expect(messagesTo(email)[0]?.subject).toBe("Reset your Newsletter Popup password");
    await expectWorkingLink(email);
  });

  it("retries while the SMTP server refuses connections, then delivers once", async () => {
    emailQueue.backoffMs = 100;
    await sink.setMode("refuse");
    const { member, email } = await createMember(organizationId);
    const jobId = `refused-${member.id}`;
    await enqueue("email", { type: "password-reset", userId: member.id }, { jobId });

    await eventually(async () => ((await inspector.getJob(jobId))?.attemptsMade ?? 0) >= 2, {
      what: "two failed attempts",
    });
    expect(messagesTo(email)).toEqual([]);
    await sink.setMode("accept");

    await sink.waitForMessage((message) => message.envelopeTo.includes(email), 20_000);
    const job = await settled(jobId);
    expect(await job.getState()).toBe("completed");
    // Every refused attempt was recorded as a failure before the one that delivered.
    expect(job.attemptsMade).toBeGreaterThanOrEqual(2);
    expect(messagesTo(email)).toHaveLength(1);
    await expectWorkingLink(email);
  });

  it("retries after a 5xx answer, then delivers once", async () => {
    emailQueue.backoffMs = 100;
    await sink.setMode("reject");
    const attemptsBefore = sink.attempts();
    const { member, email } = await createMember(organizationId);
    const jobId = `rejected-${member.id}`;
    await enqueue("email", { type: "password-reset", userId: member.id }, { jobId });

    await eventually(() => sink.attempts() - attemptsBefore >= 2, { what: "two rejected SMTP sessions" });
    expect(messagesTo(email)).toEqual([]);
    await sink.setMode("accept");

    await sink.waitForMessage((message) => message.envelopeTo.includes(email), 20_000);
    expect(await (await settled(jobId)).getState()).toBe("completed");
    expect(messagesTo(email)).toHaveLength(1);
    await expectWorkingLink(email);
  });

  it("fails an invalid payload at once, without retrying", async () => {
    const sent = sink.messages.length;
    const job = await inspector.add(
      emailQueue.name,
      { type: "password-reset", userId: "not-a-uuid" },
      { jobId: "invalid-payload", attempts: emailQueue.attempts, backoff: { type: "fixed", delay: 50 } },
    );
    const finished = await settled(job.id ?? "");
    expect(await finished.getState()).toBe("failed");
    expect(finished.attemptsMade).toBe(1);
    expect(finished.failedReason).toContain("userId");
    expect(sink.messages).toHaveLength(sent);
  });
});

describe("schedules on BullMQ", () => {
  it("apply retention every day at 03:30 UTC on the maintenance queue", async () => {
    await registerSchedules();
    const maintenance = new Queue(maintenanceQueue.name, {
      connection: inspectorConnection,
      prefix: process.env.REDIS_PREFIX,
    });
    try {
      const scheduler = await maintenance.getJobScheduler("retention");
      expect(scheduler).toMatchObject({ pattern: RETENTION_CRON, tz: "UTC" });
      expect(scheduler?.template?.data).toEqual({ type: "apply-retention" });
    } finally {
      await maintenance.close();
    }
  });
});
