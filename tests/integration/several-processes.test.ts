import type { ChildProcess } from "node:child_process";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSends, emailSettings, flows, subscribers } from "~/db/schema";
import { sweepFlows } from "~/services/flows/sweep.server";
import { builtInFlow } from "~/services/flows/templates.server";
import { closeQueues, enqueue } from "../../jobs/client";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows, testDb } from "../support/infra/db";
import { stopProcess } from "../support/infra/processes";
import { TEST_REDIS_URL } from "../support/infra/services";
import { deliveriesTo, exactlyOnce, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";
import { startWorker } from "../support/infra/worker-process";
import { printSummary } from "../support/matrices/summary";

/**
 * The product as it is deployed at scale: several web processes and several workers on one PostgreSQL
 * and one Redis. Nothing may be lost or done twice because a request or a job landed on another process.
 */
// Before anything reads the environment: the test process enqueues on the shared Redis, as the app does.
process.env.REDIS_URL = TEST_REDIS_URL;
// This process sweeps flows too (below), sending to a loopback sink.
process.env.ALLOW_PRIVATE_NETWORK_TARGETS = "true";

const figures = printSummary(
  ({ figures: f }, n) =>
    `several processes: ${n(f.get("subscribes") ?? 0)} subscribes over 2 web processes, ${n(f.get("lost") ?? 0)} lost, ` +
    `${n(f.get("duplicates") ?? 0)} duplicates; ${n(f.get("mails") ?? 0)} mails, each once; ` +
    `${n(f.get("killed") ?? 0)} worker killed; ${n(f.get("slow sends") ?? 0)} sends slower than their lease, each once; ` +
    `${n(f.get("flow emails") ?? 0)} flow emails over 2 workers and a third process, each once`,
);

/** Both web processes read the client's address from X-Forwarded-For, as behind a load balancer. */
const WEB_ENV = {
  REDIS_URL: TEST_REDIS_URL,
  TRUST_PROXY: "1",
  ALLOW_PRIVATE_NETWORK_TARGETS: "true",
  SUBSCRIBE_LIMIT_PER_STORE: "1000000",
};
/** Per client address, the default: 20 subscribes a minute. */
const SUBSCRIBE_LIMIT_PER_IP = 20;
/** Enough for both processes and both workers to overlap for seconds (bench/ keeps the large storms). */
const SUBSCRIBES = 1_000;

let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
const workers = new Set<ChildProcess>();

function worker(env: NodeJS.ProcessEnv): ChildProcess {
  const child = startWorker({ REDIS_URL: TEST_REDIS_URL, ALLOW_PRIVATE_NETWORK_TARGETS: "true", ...env });
  workers.add(child);
  return child;
}

async function killWorkers(): Promise<void> {
  await Promise.all([...workers].map((child) => stopProcess(child, "SIGKILL")));
  workers.clear();
}

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
});

afterAll(async () => {
  await killWorkers();
  await closeQueues();
});

describe("two web processes and two workers", () => {
  let webs: AppServer[] = [];
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    webs = await Promise.all([
      startApp({ env: WEB_ENV, process: true }),
      startApp({ env: WEB_ENV, process: true }),
    ]);
  });
  afterAll(async () => {
    await killWorkers();
    await Promise.all(webs.map((web) => web.stop()));
    await sink?.stop();
  });

  const recipients = (received: SmtpSink) => received.messages.flatMap((message) => message.envelopeTo);
  async function sentCount(storeId: string): Promise<number> {
    const [row] = await sqlRows<{ sent: number }>(
      "select count(*)::int as sent from email_sends where store_id = $1 and status = 'sent'",
      [storeId],
    );
    return row?.sent ?? 0;
  }

  /** POSTs a subscription to one of the web processes, from `ip`; resolves with the status. */
  async function subscribe(web: AppServer, storeId: string, email: string, ip: string): Promise<number> {
    const response = await fetch(`${web.url}/api/public/stores/${storeId}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
      body: JSON.stringify({ email }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  it("stores 1,000 subscribes once each and mails every welcome once while a worker is killed", async () => {
    const quiet = (await createStoreFor(owner.admin.id, { name: "Busy Shop" })).id;
    const mailing = (await createStoreFor(owner.admin.id, { name: "Mailing Shop" })).id;
    await sendStoreMailTo(sink, mailing);
    // Every tenth subscribe is to the store that sends welcome emails: its mails flow during the storm.
    const requests = Array.from({ length: SUBSCRIBES }, (_, index) => ({
      storeId: index % 10 === 0 ? mailing : quiet,
      email: `crowd-${index}@acme.example`,
      // 10 subscribes per address: under the per-address limit, so only the processes are under test.
      ip: `10.1.${Math.floor(index / 2_560)}.${Math.floor(index / 10) % 256}`,
    }));
    const mailed = requests.filter((request) => request.storeId === mailing).map((request) => request.email);

    // The killed worker's jobs go to the other after 6 s (15 s for email in production); its sends once
    // their lease has run out.
    const doomed = worker({ EMAIL_SEND_LEASE_SECONDS: "10", JOB_LOCK_SECONDS: "6" });
    worker({ EMAIL_SEND_LEASE_SECONDS: "10", JOB_LOCK_SECONDS: "6" });
    const statuses = new Map<number, number>();
    // Every hundredth address signs up twice at once, through each process.
    const work = requests.flatMap((request, index) => {
      const first = { ...request, web: webs[index % 2] };
      return index % 100 === 1 ? [first, { ...request, web: webs[(index + 1) % 2] }] : [first];
    });
    const killed = (async () => {
      // Killed with its sends held at MAIL FROM, once every message the sink accepted is recorded as sent:
      // mid-send, never between the server's acceptance and the worker's record of it. The sink holds every
      // send after the 20th mail by itself, however fast the senders are.
      sink.holdAfter(20);
      await eventually(() => sink.heldSenders() > 0 && sink.openTransactions() === 0, {
        timeoutMs: 120_000,
        what: "sends held after the first mails, none half-way",
      });
      await eventually(async () => (await sentCount(mailing)) === new Set(recipients(sink)).size, {
        timeoutMs: 60_000,
        what: "every accepted mail recorded",
      });
      await stopProcess(doomed, "SIGKILL");
      await sink.setMode("accept");
    })();
    const CLIENTS = 16;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let next = client; next < work.length; next += CLIENTS) {
          const request = work[next];
          if (!request?.web) continue;
          const status = await subscribe(request.web, request.storeId, request.email, request.ip);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: work.length });
    await killed;
    figures.add("killed");

    const [stored] = await sqlRows<{ rows: number; distinct: number }>(
      `select count(*)::int as rows, count(distinct (store_id, lower(email)))::int as distinct
       from subscribers where store_id in ($1, $2)`,
      [quiet, mailing],
    );
    const missing = await sqlRows<{ email: string }>(
      `select 'crowd-' || i || '@acme.example' as email from generate_series(0, ${SUBSCRIBES - 1}) i
       where not exists (select 1 from subscribers s where s.email = 'crowd-' || i || '@acme.example')`,
    );
    figures.add("subscribes", requests.length);
    figures.add("lost", missing.length);
    figures.add("duplicates", (stored?.rows ?? 0) - (stored?.distinct ?? 0));
    expect({ stored, missing }).toEqual({ stored: { rows: SUBSCRIBES, distinct: SUBSCRIBES }, missing: [] });

    // The survivor takes over the killed worker's jobs once BullMQ sees them stalled (about 20 s).
    const delivered = await deliveriesTo(sink, mailed, 120_000);
    expect([...delivered].filter(([, count]) => count !== 1)).toEqual([]);
    figures.add("mails", mailed.length);
    const [sends] = await sqlRows<{ sent: number; other: number }>(
      `select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other
       from email_sends where store_id = $1`,
      [mailing],
    );
    expect(sends).toEqual({ sent: mailed.length, other: 0 });
  }, 240_000);

  it("counts one address's subscribes across both processes against one limit", async () => {
    const storeId = (await createStoreFor(owner.admin.id, { name: "Limited Shop" })).id;
    const ip = "203.0.113.77";
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const web = webs[index % 2];
      if (web) statuses.push(await subscribe(web, storeId, `limited-${index}@acme.example`, ip));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(SUBSCRIBE_LIMIT_PER_IP);
    expect(statuses.slice(SUBSCRIBE_LIMIT_PER_IP)).toEqual(Array(30 - SUBSCRIBE_LIMIT_PER_IP).fill(429));
    const [stored] = await sqlRows<{ count: number }>(
      "select count(*)::int as count from subscribers where store_id = $1",
      [storeId],
    );
    expect(stored?.count).toBe(SUBSCRIBE_LIMIT_PER_IP);
  });
});

describe("flows drained by two workers and this process at once", () => {
  let flowSink: SmtpSink;
  beforeAll(async () => {
    flowSink = await startSmtpSink();
  });
  afterAll(async () => {
    await killWorkers();
    await flowSink?.stop();
  });

  it("sends each step's email once per subscriber however many sweeps run", async () => {
    const storeId = (await createStoreFor(owner.admin.id, { name: "Flow Shop" })).id;
    await sendStoreMailTo(flowSink, storeId);
    // Paced by the store's rate like a campaign: a fast one keeps the test short.
    await testDb()
      .update(emailSettings)
      .set({ campaignSendRate: 200 })
      .where(eq(emailSettings.storeId, storeId));
    const reminder = builtInFlow("welcome-series", "1 Harbour Street").steps.find(
      (step) => step.type === "email",
    );
    if (!reminder) throw new Error("no email step");
    const liveFlows = await testDb()
      .insert(flows)
      .values(
        ["First flow", "Second flow"].map((name) => ({
          storeId,
          name,
          trigger: "subscribed" as const,
          status: "live" as const,
          steps: [reminder],
          enteredThrough: new Date(),
        })),
      )
      .returning({ id: flows.id });
    const rows = await testDb()
      .insert(subscribers)
      .values(
        Array.from({ length: 100 }, (_, index) => ({ storeId, email: `flowing-${index}@acme.example` })),
      )
      .returning({ email: subscribers.email });
    worker({});
    worker({});
    await Promise.all([
      ...Array.from({ length: 6 }, (_, index) =>
        enqueue("campaigns", { type: "flow-sweep" }, { jobId: `flow-sweep-${storeId}-${index}` }),
      ),
      sweepFlows(),
      sweepFlows(),
    ]);
    const emails = rows.map((row) => row.email);
    await eventually(() => flowSink.messages.length >= emails.length * liveFlows.length, {
      timeoutMs: 60_000,
      what: "both flows' emails",
    });
    expect(await deliveriesTo(flowSink, emails, 10_000)).toEqual(new Map(emails.map((email) => [email, 2])));
    figures.add("flow emails", emails.length * liveFlows.length);
  }, 120_000);
});

describe("a send slower than its lease, with two workers", () => {
  /** Unless renewed (every third of it), a 2 s lease lapses twice over during one 5 s send. */
  const LEASE_SECONDS = 2;
  const SMTP_ANSWER_MS = 5_000;
  let slowSink: SmtpSink;
  beforeAll(async () => {
    slowSink = await startSmtpSink("accept", { answerDataAfterMs: SMTP_ANSWER_MS });
  });
  afterAll(async () => {
    await killWorkers();
    await slowSink?.stop();
  });

  it("is delivered once per subscriber: the sender keeps its lease, the duplicate job waits", async () => {
    const storeId = (await createStoreFor(owner.admin.id, { name: "Slow Mail Shop" })).id;
    await sendStoreMailTo(slowSink, storeId);
    const rows = await testDb()
      .insert(subscribers)
      .values(
        Array.from({ length: 8 }, (_, index) => ({
          storeId,
          email: `slow-${index}@acme.example`,
          discountCodeSent: "WELCOME15",
        })),
      )
      .returning();
    worker({ EMAIL_SEND_LEASE_SECONDS: String(LEASE_SECONDS) });
    worker({ EMAIL_SEND_LEASE_SECONDS: String(LEASE_SECONDS) });
    // Each welcome job twice, as a retried or duplicated job would run: the second finds the send taken.
    for (const row of rows)
      for (const jobId of [`welcome-${row.id}`, `welcome-${row.id}-again`])
        await enqueue("email", { type: "welcome", subscriberId: row.id }, { jobId });

    const ids = rows.map((row) => row.id);
    await eventually(
      async () => {
        const sends = await testDb().select().from(emailSends).where(inArray(emailSends.subscriberId, ids));
        return sends.length === ids.length && sends.every((send) => send.status === "sent");
      },
      { timeoutMs: 90_000, intervalMs: 500, what: "every slow send marked sent" },
    );
    const emails = rows.map((row) => row.email);
    expect(await deliveriesTo(slowSink, emails, 10_000)).toEqual(exactlyOnce(emails));
    figures.add("slow sends", emails.length);
  }, 120_000);
});
