import type { ChildProcess } from "node:child_process";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailSends, subscribers } from "~/db/schema";
import { closeQueues, enqueue } from "../../jobs/client";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows, testDb } from "../support/infra/db";
import { stopProcess } from "../support/infra/processes";
import { type RedisServer, startRedisServer } from "../support/infra/redis-server";
import { TEST_REDIS_URL } from "../support/infra/services";
import { deliveriesTo, exactlyOnce, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";
import { startWorker } from "../support/infra/worker-process";
import { printSummary } from "../support/matrices/summary";

/**
 * What the product survives: workers killed mid-send, Redis restarted with jobs queued, PostgreSQL
 * dropping every connection, and a subscribe storm. Only loopback servers; every wait is bounded.
 * (SMTP down then up is in email-delivery.test.ts.)
 */
// Before anything reads the environment: the test process enqueues on the shared Redis, as the app does.
process.env.REDIS_URL = TEST_REDIS_URL;

const faults = printSummary(({ tried, passed }, n) => `faults: ${n(passed)} of ${n(tried)} survived`);

/**
 * A dead worker's jobs are taken over after the job lock (4 s here, 15 s for email in production); its sends
 * once their lease has run out, shorter still, so the takeover sends at once (a live worker renews its lease
 * while it sends: several-processes.test.ts). Only one worker lives at a time here.
 */
const WORKER_ENV = {
  ALLOW_PRIVATE_NETWORK_TARGETS: "true",
  EMAIL_SEND_LEASE_SECONDS: "3",
  JOB_LOCK_SECONDS: "4",
};

let sink: SmtpSink;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
const children = new Set<ChildProcess>();

function worker(env: NodeJS.ProcessEnv): ChildProcess {
  const child = startWorker({ ...WORKER_ENV, ...env });
  children.add(child);
  return child;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  owner = await createOrganizationWithAdmin();
});

/** Kills every worker this file started (before the Redis it talks to goes away). */
async function killWorkers(): Promise<void> {
  await Promise.all([...children].map((child) => stopProcess(child, "SIGKILL")));
  children.clear();
}

beforeEach(async () => {
  await sink.setMode("accept");
});

afterAll(async () => {
  await killWorkers();
  await closeQueues();
  await sink?.stop();
});

async function storeMailingTheSink(name: string): Promise<string> {
  const store = await createStoreFor(owner.admin.id, { name });
  await sendStoreMailTo(sink, store.id);
  return store.id;
}

describe("a worker killed (SIGKILL) in the middle of sending, three times", () => {
  it("still delivers every queued welcome email exactly once", async () => {
    faults.tried();
    const storeId = await storeMailingTheSink("Kill Test Shop");
    const rows = await testDb()
      .insert(subscribers)
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          storeId,
          email: `killed-${index}@acme.example`,
          discountCodeSent: "WELCOME15",
        })),
      )
      .returning();
    for (const row of rows)
      await enqueue("email", { type: "welcome", subscriberId: row.id }, { jobId: `welcome-${row.id}` });

    // Held at MAIL FROM, each worker takes its share of jobs and is killed while its sends are open.
    await sink.setMode("hold");
    for (let kill = 1; kill <= 3; kill += 1) {
      const attemptsBefore = sink.attempts();
      const doomed = worker({ REDIS_URL: TEST_REDIS_URL });
      await eventually(() => sink.attempts() > attemptsBefore, {
        timeoutMs: 60_000,
        what: `worker ${kill} to start sending`,
      });
      await stopProcess(doomed, "SIGKILL");
    }
    const sendsOfRows = () =>
      testDb()
        .select()
        .from(emailSends)
        .where(
          inArray(
            emailSends.subscriberId,
            rows.map((row) => row.id),
          ),
        );
    const sends = await sendsOfRows();
    expect(sends.some((send) => send.status === "sending")).toBe(true);

    await sink.setMode("accept");
    worker({ REDIS_URL: TEST_REDIS_URL });
    const emails = rows.map((row) => row.email);
    expect(await deliveriesTo(sink, emails, 120_000)).toEqual(exactlyOnce(emails));
    const final = await sendsOfRows();
    expect(final.map((send) => send.status)).toEqual(Array(60).fill("sent"));
    // Its database connections go too: the storm below needs PostgreSQL's connection slots.
    await killWorkers();
    faults.passed();
  }, 240_000);
});

describe("Redis restarted with jobs queued", () => {
  let redis: RedisServer;
  let app: AppServer;
  beforeAll(async () => {
    redis = await startRedisServer();
    app = await startApp({
      env: { REDIS_URL: redis.url, ...WORKER_ENV, SUBSCRIBE_LIMIT_PER_IP: "1000" },
      process: true,
    });
  });
  afterAll(async () => {
    await killWorkers();
    await app?.stop();
    await redis?.remove();
  });

  it("answers the subscriptions sent during the restart and completes every job", async () => {
    faults.tried();
    const storeId = await storeMailingTheSink("Restart Shop");
    const subscribe = (email: string) =>
      new HttpClient(app.url).post(`/api/public/stores/${storeId}/subscribe`, { email, name: "Re" });
    const queued = Array.from({ length: 30 }, (_, index) => `queued-${index}@acme.example`);
    for (const email of queued) expect((await subscribe(email)).status).toBe(200);

    await redis.stop();
    const during = Array.from({ length: 10 }, (_, index) => `during-${index}@acme.example`);
    const answers = Promise.all(during.map((email) => subscribe(email)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await redis.start();
    expect((await answers).map((answer) => answer.status)).toEqual(Array(10).fill(200));

    worker({ REDIS_URL: redis.url });
    const emails = [...queued, ...during];
    expect(await deliveriesTo(sink, emails, 90_000)).toEqual(exactlyOnce(emails));
    faults.passed();
  }, 180_000);
});

describe("PostgreSQL dropping every connection of the app", () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startApp({ process: true });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers again without a restart", async () => {
    faults.tried();
    const admin = new HttpClient(app.url);
    await admin.login(owner.email, owner.password);
    const storeId = await storeMailingTheSink("Reconnect Shop");
    const calls = () => [
      admin.get("/api/stores"),
      admin.get(`/api/stores/${storeId}/subscribers`),
      admin.get("/api/dashboard/stats"),
    ];
    for (const answer of await Promise.all(calls())) expect(answer.status).toBe(200);

    // Mid-flight: requests running while their connections are terminated may fail; none may hang.
    const inFlight = Promise.all(Array.from({ length: 5 }, () => calls()).flat());
    const [terminated] = await sqlRows<{ count: string }>(
      "select count(pg_terminate_backend(pid)) as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    expect(Number(terminated?.count)).toBeGreaterThan(0);
    await inFlight;

    // Connections found dead are replaced: after at most a couple of failures, every call succeeds.
    await eventually(async () => (await admin.get("/api/stores")).status === 200, {
      timeoutMs: 10_000,
      what: "a first answer after the drop",
    });
    for (let round = 0; round < 10; round += 1) {
      for (const answer of await Promise.all(calls())) expect(answer.status).toBe(200);
    }
    faults.passed();
  });
});

describe("200 concurrent clients sending 1,000 subscriptions", () => {
  let app: AppServer;
  beforeAll(async () => {
    // Limits raised for this instance only: the storm comes from one address.
    app = await startApp({
      env: {
        REDIS_URL: TEST_REDIS_URL,
        SUBSCRIBE_LIMIT_PER_IP: "1000000",
        SUBSCRIBE_LIMIT_PER_STORE: "1000000",
      },
      process: true,
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("stores every one exactly once, with no error", async () => {
    faults.tried();
    const storeId = (await createStoreFor(owner.admin.id, { name: "Storm Shop" })).id;
    const CLIENTS = 200;
    // Every client has 5 in flight one after another: all 200 overlap, the property at the size that proves it
    // (bench/ keeps the large storms).
    const PER_CLIENT = 5;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let request = 0; request < PER_CLIENT; request += 1) {
          const response = await fetch(`${app.url}/api/public/stores/${storeId}/subscribe`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ email: `storm-${client}-${request}@acme.example` }),
          });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    expect(Object.fromEntries(statuses)).toEqual({ 200: CLIENTS * PER_CLIENT });
    const [stored] = await sqlRows<{ rows: string; distinct: string }>(
      "select count(*) as rows, count(distinct lower(email)) as distinct from subscribers where store_id = $1 and email like 'storm-%'",
      [storeId],
    );
    expect(stored).toEqual({ rows: String(CLIENTS * PER_CLIENT), distinct: String(CLIENTS * PER_CLIENT) });
    const missing = await sqlRows(
      `select c, r from generate_series(0, ${CLIENTS - 1}) c, generate_series(0, ${PER_CLIENT - 1}) r
       where not exists (select 1 from subscribers s where s.store_id = $1 and s.email = 'storm-' || c || '-' || r || '@acme.example')`,
      [storeId],
    );
    expect(missing).toEqual([]);
    expect(
      await testDb().select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.storeId, storeId)),
    ).toHaveLength(CLIENTS * PER_CLIENT);
    faults.passed();
  }, 180_000);
});
