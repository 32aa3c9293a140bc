import type { ChildProcess } from "node:child_process";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaignSends, flowSends, subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { stopProcess } from "../support/infra/processes";
import { TEST_REDIS_URL } from "../support/infra/services";
import { deliveriesTo, exactlyOnce, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";
import { startWorker } from "../support/infra/worker-process";

/**
 * A campaign, and a flow, on BullMQ, as in production: the web process queues the campaign (the flow's sweep
 * is scheduled), a worker process sends it. The worker is killed (SIGKILL) with messages on their way; a new
 * one finishes, mailing nobody twice.
 */
const SHARED_ENV = {
  REDIS_URL: TEST_REDIS_URL,
  ALLOW_PRIVATE_NETWORK_TARGETS: "true",
  EMAIL_SEND_LEASE_SECONDS: "2",
  // The killed worker's campaign job is taken over in seconds (the queue's own lock is 15 s).
  JOB_LOCK_SECONDS: "4",
};
const RECIPIENTS = 40;

let app: AppServer;
let sink: SmtpSink;
const workers = new Set<ChildProcess>();

function worker(): ChildProcess {
  const child = startWorker(SHARED_ENV);
  workers.add(child);
  return child;
}

/**
 * Kills `doomed` (SIGKILL) with its next sends held at MAIL FROM, once every message the server accepted is
 * recorded as sent (`sentCount`): what it claimed and never finished is what the next worker, started here,
 * must send once. The sink holds every send after the next 10 messages by itself, however fast the worker is.
 */
async function killMidSend(doomed: ChildProcess, sentCount: () => Promise<number>): Promise<void> {
  const accepted = sink.messages.length;
  sink.holdAfter(accepted + 10);
  await eventually(() => sink.heldSenders() > 0 && sink.openTransactions() === 0, {
    timeoutMs: 60_000,
    what: "a send held mid-way after the first messages",
  });
  await eventually(async () => (await sentCount()) === sink.messages.length - accepted, {
    timeoutMs: 30_000,
    what: "the accepted messages recorded",
  });
  await stopProcess(doomed, "SIGKILL");
  workers.delete(doomed);
  expect(await sentCount()).toBeLessThan(RECIPIENTS);
  await sink.setMode("accept");
  worker();
}

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startApp({ env: SHARED_ENV });
});

afterAll(async () => {
  await Promise.all([...workers].map((child) => stopProcess(child, "SIGKILL")));
  await app?.stop();
  await sink?.stop();
});

it("a worker killed mid-campaign: its successor completes the campaign and nobody gets two messages", async () => {
  const owner = await createOrganizationWithAdmin();
  const storeId = (await createStoreFor(owner.admin.id)).id;
  await sendStoreMailTo(sink, storeId);
  const audience = await testDb()
    .insert(subscribers)
    .values(Array.from({ length: RECIPIENTS }, (_, n) => ({ storeId, email: `crash-${n}@list.example` })))
    .returning({ email: subscribers.email });
  const emails = audience.map((row) => row.email);

  const admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
  await admin.put(`/api/stores/${storeId}/campaign-settings`, { sendRate: 10 });
  const created = await admin.post<{ id: string }>(`/api/stores/${storeId}/campaigns`, {
    name: "Crash course",
    subject: "Still here",
  });
  const campaignId = created.body.id;
  const sentCount = async () =>
    (
      await testDb()
        .select({ value: count() })
        .from(campaignSends)
        .where(and(eq(campaignSends.campaignId, campaignId), eq(campaignSends.status, "sent")))
    )[0]?.value ?? 0;

  const first = worker();
  const started = await admin.post<{ status: string }>(
    `/api/stores/${storeId}/campaigns/${campaignId}/send`,
    {},
  );
  expect(started.body.status).toBe("sending");
  await killMidSend(first, sentCount);
  expect(await deliveriesTo(sink, emails, 120_000)).toEqual(exactlyOnce(emails));
  await eventually(
    async () =>
      (await admin.get<{ status: string }>(`/api/stores/${storeId}/campaigns/${campaignId}`)).body.status ===
      "sent",
    { timeoutMs: 30_000, what: "the campaign sent" },
  );
  expect(await sentCount()).toBe(RECIPIENTS);
}, 240_000);

it("a worker killed mid-step of a flow: its successor sends each flow email once", async () => {
  // Only the worker to be killed runs when the flow's emails start.
  await Promise.all([...workers].map((child) => stopProcess(child, "SIGKILL")));
  workers.clear();
  const owner = await createOrganizationWithAdmin();
  const storeId = (await createStoreFor(owner.admin.id)).id;
  await sendStoreMailTo(sink, storeId);
  const admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
  await admin.put(`/api/stores/${storeId}/campaign-settings`, { sendRate: 10 });
  const created = await admin.post<{ id: string; steps: { type: string }[] }>(
    `/api/stores/${storeId}/flows`,
    {
      template: "welcome-series",
    },
  );
  const email = created.body.steps.find((step) => step.type === "email");
  await admin.put(`/api/stores/${storeId}/flows/${created.body.id}`, { steps: [email], status: "live" });
  const audience = await testDb()
    .insert(subscribers)
    .values(
      Array.from({ length: RECIPIENTS }, (_, n) => ({ storeId, email: `flow-crash-${n}@list.example` })),
    )
    .returning({ email: subscribers.email });
  const emails = audience.map((row) => row.email);
  const sentCount = async () =>
    (
      await testDb()
        .select({ value: count() })
        .from(flowSends)
        .where(and(eq(flowSends.flowId, created.body.id), eq(flowSends.status, "sent")))
    )[0]?.value ?? 0;

  await killMidSend(worker(), sentCount);
  expect(await deliveriesTo(sink, emails, 120_000)).toEqual(exactlyOnce(emails));
  expect(await sentCount()).toBe(RECIPIENTS);
}, 240_000);
