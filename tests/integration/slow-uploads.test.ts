import net from "node:net";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "~/db/schema";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type SlowUpload, startSlowUpload } from "../support/clients/slow-upload";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { TEST_REDIS_URL } from "../support/infra/services";
import { eventually } from "../support/infra/wait";
import { printSummary } from "../support/matrices/summary";

/**
 * Slow clients must not starve the other tenants: an upload is read to the end before it takes a database
 * connection, a request waits a bounded time for a connection (503), the server gives up on slow requests
 * (408) and idle connections, and an organization runs a bounded number of imports at once (429).
 */
const figures = printSummary(
  ({ figures: f }, n) =>
    `slow uploads: ${n(f.get("uploads") ?? 0)} connections, another tenant answered in ${n(f.get("slowest ms") ?? 0)} ms ` +
    `(the slowest of ${n(f.get("requests") ?? 0)} requests: its /api/stores, its storefront's popups, /login)`,
);

/** More uploads than the 20 connections of the default pool, two per organization (the per-organization bound). */
const ORGANIZATIONS = 11;
const UPLOADS_PER_ORGANIZATION = 2;
/** The attack's pace, sped up: one CSV line per upload every so often. */
const LINE_EVERY_MS = 100;
/** Far above any answer of a server that is not starved; a starved one would make the request wait for ever. */
const ANSWER_WITHIN_MS = 10_000;

/** Two processes on one PostgreSQL and one Redis: the defaults, and one with a tiny pool and short timeouts. */
let app: AppServer;
let tight: AppServer;
const TIGHT_ENV = {
  REDIS_URL: TEST_REDIS_URL,
  DATABASE_POOL_SIZE: "1",
  DATABASE_POOL_WAIT_MS: "300",
  HTTP_HEADERS_TIMEOUT_MS: "2000",
  HTTP_REQUEST_TIMEOUT_MS: "3000",
  HTTP_KEEP_ALIVE_TIMEOUT_MS: "1000",
};

type Tenant = { organizationId: string; storeId: string; session: string };

async function signedInTenant(): Promise<Tenant> {
  const owner = await createOrganizationWithAdmin();
  const store = await createStoreFor(owner.admin.id);
  const client = new HttpClient(app.url);
  await client.login(owner.email, owner.password);
  return { organizationId: owner.organization.id, storeId: store.id, session: client.sessionToken ?? "" };
}

const uploads: SlowUpload[] = [];

/** An import whose body starts with its header line and then waits for `send`. */
function slowImport(server: AppServer, tenant: Tenant): SlowUpload {
  const upload = startSlowUpload(server.url, `/api/stores/${tenant.storeId}/subscribers/import`, [
    ["Cookie", `np_session=${tenant.session}`],
    ["Origin", server.url],
    ["Content-Type", "text/csv"],
  ]);
  upload.send("email\n");
  uploads.push(upload);
  return upload;
}

/** Sends one more address to each upload every LINE_EVERY_MS until stopped; `lines` counts the rounds sent. */
function trickle(targets: SlowUpload[]) {
  let lines = 0;
  const timer = setInterval(() => {
    lines += 1;
    targets.forEach((upload, index) => {
      upload.send(`slow-${index}-${lines}@acme.example\n`);
    });
  }, LINE_EVERY_MS);
  return { lines: () => lines, stop: () => clearInterval(timer) };
}

/** A GET that must answer within ANSWER_WITHIN_MS: its status and how long it took. */
async function timedGet(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }).catch(
    (error: unknown) => {
      throw new Error(`GET ${url} did not answer within ${ANSWER_WITHIN_MS} ms: ${String(error)}`);
    },
  );
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, headers: response.headers };
}

async function importedRows(storeId: string) {
  return testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
}

beforeAll(async () => {
  [app, tight] = await Promise.all([
    startApp({ env: { REDIS_URL: TEST_REDIS_URL } }),
    startApp({ env: TIGHT_ENV, process: true }),
  ]);
});

// A test that failed half-way must not leave its uploads holding the servers for the next one.
afterEach(() => {
  for (const upload of uploads.splice(0)) upload.close();
});

afterAll(async () => {
  await Promise.all([app?.stop(), tight?.stop()]);
});

describe("slow uploads", () => {
  it("keep another organization's API, its storefront's popups and /login answering while they trickle in", async () => {
    const attackers = await Promise.all(Array.from({ length: ORGANIZATIONS }, signedInTenant));
    const other = await signedInTenant();
    const slow = attackers.flatMap((tenant) =>
      Array.from({ length: UPLOADS_PER_ORGANIZATION }, () => slowImport(app, tenant)),
    );
    const sending = trickle(slow);
    try {
      // Each upload has been arriving for a while: an import that takes its connection early holds it by now.
      await eventually(() => sending.lines() >= 3, { what: "three lines of each upload" });
      const requests = [
        () =>
          timedGet(`${app.url}/api/stores`, {
            Cookie: `np_session=${other.session}`,
            Accept: "application/json",
          }),
        () => timedGet(`${app.url}/api/public/stores/${other.storeId}/popups`),
        () => timedGet(`${app.url}/login`),
      ];
      let slowest = 0;
      for (let round = 0; round < 5; round++) {
        for (const request of requests) {
          const answer = await request();
          expect(answer.status).toBe(200);
          slowest = Math.max(slowest, answer.ms);
          figures.add("requests");
        }
      }
      expect(slow.filter((upload) => upload.answered())).toEqual([]);
      figures.add("uploads", slow.length);
      figures.add("slowest ms", Math.round(slowest));
    } finally {
      sending.stop();
    }
    // The uploads themselves still import, once their files have arrived.
    for (const upload of slow) upload.finish();
    const answers = await Promise.all(slow.map((upload) => upload.response));
    expect(answers.map((answer) => answer.status)).toEqual(slow.map(() => 200));
    expect(answers.map((answer) => JSON.parse(answer.body).added)).toEqual(slow.map(() => sending.lines()));
  });

  it("taking longer than HTTP_REQUEST_TIMEOUT_MS get 408 with a message, and nothing is imported", async () => {
    const tenant = await signedInTenant();
    const upload = slowImport(tight, tenant);
    const sending = trickle([upload]);
    try {
      await eventually(() => upload.answered(), { timeoutMs: 15_000, what: "an answer to the slow upload" });
    } finally {
      sending.stop();
    }
    const answer = await upload.response;
    expect(answer.status).toBe(408);
    expect(answer.headers.get("connection")).toBe("close");
    expect(JSON.parse(answer.body)).toEqual({
      message: "The request did not arrive within 3 seconds. Please try again on a faster connection.",
    });
    expect(await importedRows(tenant.storeId)).toEqual([]);
  });

  it("of one organization run two at once, across processes; a third gets 429 with Retry-After", async () => {
    const tenant = await signedInTenant();
    const first = slowImport(app, tenant);
    const second = slowImport(app, tenant);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const slots = `${process.env.REDIS_PREFIX}:slots:subscriber-import:${tenant.organizationId}`;
      await eventually(async () => (await redis.zcard(slots)) === 2, { what: "two imports under way" });
    } finally {
      redis.disconnect();
    }
    const third = slowImport(tight, tenant);
    third.send("third@acme.example\n");
    third.finish();
    const refused = await third.response;
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(JSON.parse(refused.body)).toEqual({
      message:
        "Your organization is already importing 2 files. Please try again when one of them has finished.",
      retryAfter: 30,
    });

    first.send("first@acme.example\n");
    first.finish();
    expect((await first.response).status).toBe(200);
    const again = slowImport(tight, tenant);
    again.send("again@acme.example\n");
    again.finish();
    expect((await again.response).status).toBe(200);
    second.close();
    expect((await importedRows(tenant.storeId)).map((row) => row.email).sort()).toEqual([
      "again@acme.example",
      "first@acme.example",
    ]);
  });
});

describe("a server whose database connections are all busy", () => {
  it("answers 503 with Retry-After once a request waited DATABASE_POOL_WAIT_MS, and recovers", async () => {
    const tenant = await signedInTenant();
    const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await blocker.connect();
    try {
      // The tiny pool's one connection is held by a request stuck behind this lock.
      await blocker.query("begin");
      await blocker.query("lock table stores in access exclusive mode");
      const stuck = timedGet(`${tight.url}/api/stores`, {
        Cookie: `np_session=${tenant.session}`,
        Accept: "application/json",
      });
      // Awaited below; should the test fail before that, its rejection is not an unhandled one.
      stuck.catch(() => {});
      await eventually(
        async () => {
          const waiting = await blocker.query(
            "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return (waiting.rowCount ?? 0) > 0;
        },
        { what: "a request waiting on the lock" },
      );
      const busy = [
        await timedGet(`${tight.url}/api/stores`, {
          Cookie: `np_session=${tenant.session}`,
          Accept: "application/json",
        }),
        await timedGet(`${tight.url}/api/public/stores/${tenant.storeId}/popups`),
      ];
      expect(busy.map((answer) => [answer.status, answer.headers.get("retry-after")])).toEqual([
        [503, "1"],
        [503, "1"],
      ]);
      await blocker.query("commit");
      expect((await stuck).status).toBe(200);
    } finally {
      await blocker.end();
    }
    const recovered = await timedGet(`${tight.url}/api/public/stores/${tenant.storeId}/popups`);
    expect(recovered.status).toBe(200);
  });
});

describe("the HTTP server's own timeouts", () => {
  it("answers headers that take longer than HTTP_HEADERS_TIMEOUT_MS with 408 and closes idle connections", async () => {
    const { port } = new URL(tight.url);
    const slowHeaders = net.connect({ host: "127.0.0.1", port: Number(port) });
    let received = "";
    slowHeaders.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
    });
    slowHeaders.write("GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const dripping = setInterval(() => slowHeaders.write("X-Slow: 1\r\n"), LINE_EVERY_MS);
    try {
      await eventually(() => slowHeaders.closed, {
        timeoutMs: 15_000,
        what: "the slow headers' connection to close",
      });
    } finally {
      clearInterval(dripping);
    }
    expect(received).toMatch(/^HTTP\/1\.1 408 /);

    const idle = net.connect({ host: "127.0.0.1", port: Number(port) });
    let answered = "";
    idle.on("data", (chunk: Buffer) => {
      answered += chunk.toString("latin1");
    });
    idle.write(`GET /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await eventually(() => idle.closed, { timeoutMs: 15_000, what: "the idle connection to close" });
    expect(answered).toMatch(/^HTTP\/1\.1 200 /);
  });
});
