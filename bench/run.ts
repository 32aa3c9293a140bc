/**
 * `npm run bench`: measures the DESIGN.md budgets on this machine, in order, and prints one table
 * (stdout; progress on stderr), also written to bench/RESULTS.md. Loopback only; every load is
 * bounded in time; every process, database and Redis key it creates is removed, even on failure.
 * Needs `npm run build` first, PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { stopAllProcesses, stopProcess } from "../tests/support/infra/processes";
import { apiCallRows, measureApiCall } from "./api-call";
import { measureBotCheck } from "./bot-check";
import { campaignRows, measureCampaignThroughput } from "./campaign-throughput";
import { flowStepRows, measureFlowSteps } from "./flow-steps";
import { type BenchEnv, createAdmin, createStoreThroughApi, type RunningApp, startApp } from "./lib/app";
import { LOAD } from "./lib/load";
import { elapsedSeconds, progress } from "./lib/log";
import { machine, type Row, table } from "./lib/report";
import {
  createScratchDatabase,
  deleteRedisKeys,
  dropScratchDatabase,
  PG_ADMIN_URL,
  REDIS_URL,
} from "./lib/scratch";
import { lighthouseRows, measureLighthouse } from "./lighthouse-storefront";
import { measurePopupScriptSize, popupScriptRows } from "./popup-script-size";
import { measureStorefrontReads, storefrontReadRows } from "./public-config";
import { measureScreens } from "./screen-vitals";
import { measureSubscribeThroughput, subscribeRows } from "./subscribe-throughput";
import { measureSubscriberImport, subscriberImportRows } from "./subscriber-import";
import { benchSubscriberScale } from "./subscriber-scale";
import { measureWelcomeEmailThroughput, welcomeEmailRows } from "./welcome-email-throughput";

const HARD_LIMIT_MS = 10 * 60_000;
const RESULTS_FILE = path.resolve("bench/RESULTS.md");

const runId = randomBytes(4).toString("hex");
const databaseName = `np_bench_${runId}`;
const redisPrefix = `npbench-${runId}`;
/** BENCH_PROFILE=1 writes V8 CPU profiles of the app and the worker (for finding what dominates). */
const profileDir = process.env.BENCH_PROFILE
  ? path.join(os.tmpdir(), `np-bench-profiles-${runId}`)
  : undefined;

/**
 * BENCH_ONLY=subscribe-throughput,screens runs only the named measurements (a targeted run while
 * changing one thing); the table then has only their rows.
 */
const MEASUREMENTS = [
  "popup-script-size",
  "bot-check",
  "lighthouse",
  "subscribe-throughput",
  "public-config",
  "api-call",
  "subscriber-import",
  "screens",
  "welcome-email-throughput",
  "flow-steps",
  "campaign",
  "subscriber-scale",
] as const;
type Measurement = (typeof MEASUREMENTS)[number];
const only = process.env.BENCH_ONLY?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !(MEASUREMENTS as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`BENCH_ONLY: unknown ${unknown.join(", ")}; known: ${MEASUREMENTS.join(", ")}\n`);
  process.exit(2);
}
const wanted = (measurement: Measurement) => !only || only.includes(measurement);

let databaseCreated = false;
let cleanedUp: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleanedUp ??= (async () => {
    progress("cleaning up");
    await stopAllProcesses({ graceMs: 5_000, onKill: progress }).catch((error: unknown) =>
      progress(`stopping processes: ${String(error)}`),
    );
    if (databaseCreated)
      await dropScratchDatabase(databaseName).catch((error: unknown) =>
        progress(`dropping database: ${String(error)}`),
      );
    await deleteRedisKeys(`${redisPrefix}-`).catch((error: unknown) =>
      progress(`deleting Redis keys: ${String(error)}`),
    );
  })();
  return cleanedUp;
}

function abort(reason: string, code: number) {
  progress(reason);
  void cleanup().finally(() => process.exit(code));
}

process.once("SIGINT", () => abort("interrupted", 130));
process.once("SIGTERM", () => abort("terminated", 143));
setTimeout(() => abort(`over ${HARD_LIMIT_MS / 60_000} minutes: stopping`, 2), HARD_LIMIT_MS).unref();

function failed(measure: string, error: unknown): Row {
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  progress(`${measure} FAILED: ${error instanceof Error ? error.message : String(error)}`);
  return { measure, result: `not measured: ${message}`, budget: "—", pass: false };
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    return rows[0]?.server_version.split(" ")[0] ?? "?";
  } finally {
    await client.end();
  }
}

function profileFlags(name: string): string[] {
  return profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.join(profileDir, name)}`] : [];
}

/** The table being filled, and the measurements that failed (named as in BENCH_ONLY). */
type Results = { rows: Row[]; failures: string[] };

/** One measurement when it is wanted: its rows, or a "not measured" row and its name among the failures. */
async function measure(
  results: Results,
  name: Measurement,
  label: string,
  rowsOf: () => Row[] | Promise<Row[]>,
): Promise<void> {
  if (!wanted(name)) return;
  try {
    results.rows.push(...(await rowsOf()));
  } catch (error) {
    results.rows.push(failed(label, error));
    results.failures.push(name);
  }
}

async function measureAll(results: Results) {
  await measure(results, "popup-script-size", "Popup script size", () =>
    popupScriptRows(measurePopupScriptSize()),
  );
  await measure(results, "bot-check", "Bot check proof", measureBotCheck);
  const needsApp = (
    [
      "lighthouse",
      "subscribe-throughput",
      "public-config",
      "api-call",
      "subscriber-import",
      "screens",
      "welcome-email-throughput",
      "flow-steps",
      "campaign",
    ] as const
  ).some(wanted);
  if (needsApp) await measureWithApp(results);

  // Its own server and database: 1,000,000 subscribers in one store (list, search, stats, CSV export).
  await measure(results, "subscriber-scale", "Subscriber list at 1,000,000 rows", benchSubscriberScale);
}

/** The app with its admin and one store; null (a "not measured" row) when any of it failed. */
async function startedApp(bench: BenchEnv, results: Results) {
  let app: RunningApp | undefined;
  try {
    await createAdmin(bench);
    app = await startApp(bench, profileFlags("app"));
    return { app, storeId: await createStoreThroughApi(app.origin) };
  } catch (error) {
    results.rows.push(failed("App start (admin, login, store)", error));
    results.failures.push("app-start");
    if (app) await stopProcess(app.process, { graceMs: 10_000, onKill: progress });
    return null;
  }
}

/** The measurements that share one app, its scratch database and its store. */
async function measureWithApp(results: Results) {
  const bench: BenchEnv = {
    databaseUrl: await createScratchDatabase(databaseName),
    redisUrl: REDIS_URL,
    appRedisPrefix: `${redisPrefix}-app`,
  };
  databaseCreated = true;

  const started = await startedApp(bench, results);
  if (!started) return;
  const { app, storeId } = started;
  const { origin } = app;
  const appGroup = app.process.child.pid ?? 0;

  // First, on a quiet store: what the popup costs a storefront page.
  await measure(results, "lighthouse", "Lighthouse storefront", async () =>
    lighthouseRows(await measureLighthouse(origin, storeId)),
  );
  await measure(results, "subscribe-throughput", "Subscribe throughput", async () =>
    subscribeRows(
      await measureSubscribeThroughput({ origin, appGroup, storeId, databaseUrl: bench.databaseUrl }),
    ),
  );
  await measure(results, "public-config", "Popup config and impressions", async () =>
    storefrontReadRows(
      await measureStorefrontReads({ origin, appGroup, storeId, databaseUrl: bench.databaseUrl }),
    ),
  );
  await measure(results, "api-call", "Signed-in API call", async () =>
    apiCallRows(await measureApiCall({ origin, appGroup, storeId })),
  );
  await measure(results, "subscriber-import", "Subscriber CSV import", async () =>
    subscriberImportRows(await measureSubscriberImport({ origin, app: app.process, storeId })),
  );
  // After the subscribe load, so the screens show a store with tens of thousands of subscribers.
  await measure(results, "screens", "Screens in Chromium", () => measureScreens(origin, storeId));
  // The web server is stopped before the email measurement so the worker has the machine to itself.
  await stopProcess(app.process, { graceMs: 10_000, onKill: progress });

  await measure(results, "welcome-email-throughput", "Welcome email throughput", async () =>
    welcomeEmailRows(
      await measureWelcomeEmailThroughput({
        ...bench,
        mailRedisPrefix: `${redisPrefix}-mail`,
        origin,
        storeId,
        nodeOptions: profileFlags("worker"),
      }),
    ),
  );
  await measure(results, "flow-steps", "Flow steps", async () =>
    flowStepRows(
      await measureFlowSteps({ ...bench, mailRedisPrefix: `${redisPrefix}-flows`, origin, storeId }),
    ),
  );
  await measure(results, "campaign", "Campaign throughput", async () =>
    campaignRows(
      await measureCampaignThroughput({
        ...bench,
        mailRedisPrefix: `${redisPrefix}-campaign`,
        origin,
        storeId,
      }),
    ),
  );
}

function resultsMarkdown(
  rows: Row[],
  startedAt: Date,
  seconds: number,
  postgres: string,
  loadAverage: { start: number; end: number },
): string {
  const host = machine();
  return [
    "## Performance budgets (measured)",
    "",
    `Measured with \`npm run bench\` on ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, on ${host.cpu}, ` +
      `${host.cores} cores, ${host.memoryGiB} GiB memory, Node ${host.node}, PostgreSQL ${postgres}, ` +
      `${host.platform}; 1-minute load average ${loadAverage.start.toFixed(2)} at the start and ` +
      `${loadAverage.end.toFixed(2)} at the end (anything else running shares the cores); ` +
      `the whole run took ${Math.round(seconds)} s.`,
    "",
    table(rows),
    "",
    `- HTTP figures: autocannon in the bench process, ${LOAD.connections} connections, no pipelining, ` +
      `${LOAD.durationSeconds} s after a ${LOAD.warmupSeconds} s warm-up, a unique company email per subscribe request. ` +
      "The app runs as in production (`NODE_ENV=production`, built server, REDIS_URL set: rate limits and " +
      "the welcome-email job go to Redis) on a scratch database; rate limits are raised out of the way.",
    "- The bare endpoint is node:http + pg Pool (max 20), one `INSERT … ON CONFLICT DO NOTHING` of the same " +
      "columns into a copy of `subscribers` (same indexes and store foreign key; not the store_counters " +
      "triggers, which the app's insert also runs), in its own process.",
    "- Rows are checked after each run: every 2xx email has exactly one row (lost = 2xx without a row).",
    "- Lighthouse: the `lighthouse` package in Chromium, default mobile profile (simulated slow 4G, 4× CPU), performance " +
      "category, on bench/storefront-page.ts without and with a Shopify-type install tag, interleaved pairs, storage reset " +
      "before each run; medians. Bytes on the wire are the run's transfer sizes (headers included) of the app's requests.",
    "- Config and impressions: the same load shape against the app and against bench/bare-storefront-server.ts (one " +
      "SELECT of the active popups; one upsert of the day's views into a copy of popup_views).",
    "- CPU ms/req (and ms/msg): CPU time (user + system, from /proc) of the server or sending process per " +
      "answered request or delivered message; steadier than req/s when other work shares the cores.",
    "- Screens: Chromium (headless, 1280×800) signed in as the admin, each screen of the store the subscribe " +
      "load filled, 3 cold visits (a new browser context each); LCP and CLS (largest session window) from the " +
      "page's PerformanceObserver after the load event, an idle network and 1.5 s; JS = every script response " +
      "of the visit (gzip computed at the default level; the server sends /assets gzip-compressed, so the transferred size is close to it).",
    "- Welcome email: one `jobs/worker.ts` (the welcome outbox: batches of pending sends claimed, sent over the " +
      "store's pooled SMTP transport, recorded together) against a loopback SMTP sink that accepts and discards " +
      "(no TLS), timed from writing N pending sends and one wake-up job until the sink has N messages, after a warm-up; the raw loop is nodemailer alone (pool, 5 connections, 10 sends " +
      "in flight) sending a message built from the same welcome email, in its own process.",
    "- Flow steps: one `jobs/worker.ts` running one flow sweep over N runs due at once of a live flow of three steps " +
      "(a branch on the code, an email, a wait already over; runs advanced in batched transactions, each email through " +
      "the outbox with the store's rate at its maximum) to the same kind of sink, timed from queueing the sweep until the sink has N messages.",
    "- Campaign: one `jobs/worker.ts` delivering one campaign job to N frozen recipients (claimed a second's worth at " +
      "a time, links tracked, each message recorded as it is accepted, the store's rate at its 1,000/s maximum) to the " +
      "same kind of sink, timed from queueing the job until the sink has N messages; the raw loops send the campaign's own message N times.",
    "",
  ].join("\n");
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0] ?? 0;
  progress(
    `run ${runId}: database ${databaseName}, Redis prefix ${redisPrefix}-*, load average ${loadAtStart.toFixed(2)}`,
  );
  const postgres = await postgresVersion();
  const rows: Row[] = [];
  const failures: string[] = [];
  try {
    await measureAll({ rows, failures });
  } finally {
    await cleanup();
  }
  const seconds = elapsedSeconds();
  const markdown = resultsMarkdown(rows, startedAt, seconds, postgres, {
    start: loadAtStart,
    end: os.loadavg()[0] ?? 0,
  });
  process.stdout.write(`${table(rows)}\n`);
  // A partial table (BENCH_ONLY) must not replace the full one the README shows.
  if (only) {
    progress(`done in ${seconds.toFixed(0)} s (BENCH_ONLY: ${RESULTS_FILE} left as it was)`);
  } else {
    fs.writeFileSync(RESULTS_FILE, markdown);
    progress(
      `done in ${seconds.toFixed(0)} s; table written to ${path.relative(process.cwd(), RESULTS_FILE)}`,
    );
  }
  if (profileDir) progress(`CPU profiles in ${profileDir}`);
  if (failures.length > 0) progress(`not measured: ${failures.join(", ")}`);
  return failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    progress(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    void cleanup().finally(() => process.exit(1));
  },
);
