/**
 * Subscriber list, search, dashboard figures and CSV export at 1,000,000 subscribers in one store
 * (DESIGN.md "Budgets": p95 ≤ 50 ms with keyset paging; the export streamed with flat memory, and
 * at least 200,000 rows/s).
 *
 * A scratch database is migrated, an admin created with the create-admin script, the production
 * server started and a store created through its API; one INSERT … SELECT FROM generate_series
 * then seeds the subscribers. Every request goes over loopback HTTP with a logged-in cookie, one at
 * a time (latency, not throughput). The server, the database and the Redis keys are removed even on
 * failure.
 *
 *   node node_modules/tsx/dist/cli.mjs bench/subscriber-scale.ts   (after `npm run build`)
 *
 * BENCH_SCALE_ROWS overrides the number of subscribers (default 1,000,000) for a quick try.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import {
  isRunning,
  startBuiltCommand,
  stopProcess,
  type TrackedProcess,
  tail,
} from "../tests/support/infra/processes";
import { freePort } from "../tests/support/infra/services";
import { ADMIN, appEnvironment, type BenchEnv, createAdmin } from "./lib/app";
import { progress, sleep, withTimeout } from "./lib/log";
import { commandLine, rssMiB, sampleRss, serverPid } from "./lib/process-memory";
import { fixed, integer, machine, type Row, table } from "./lib/report";
import { createScratchDatabase, deleteRedisKeys, dropScratchDatabase, REDIS_URL } from "./lib/scratch";

const ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 1_000_000);
const LATENCY_BUDGET_MS = 50;
/** The export's speed budget (PostgreSQL writes the CSV with COPY). */
const EXPORT_ROWS_PER_SECOND_BUDGET = 200_000;
/** Export memory is "flat" when the server's RSS grows by at most this much while it streams. */
const EXPORT_GROWTH_BUDGET_MIB = 64;
const SAMPLES = 50;
const WARMUP = 5;
/** Pages followed through nextCursor before the deep page is measured. */
const DEEP_PAGES = 20;
/** Each latency series stops early after this long (a very slow query would otherwise eat the run). */
const SERIES_LIMIT_MS = 20_000;
/** The whole measurement (seed included) stays under the 5 minutes of the brief. */
const RUN_LIMIT_MS = 5 * 60_000 - 20_000;
const RSS_INTERVAL_MS = 100;

/** A surname given to one subscriber in RARE_EVERY: a 4+ letter search that matches few rows. */
const RARE_SURNAME = "Quixley";
const RARE_EVERY = 50_000;
const RARE_TERM = "quixl";
/** Two letters that no email or name of the seed starts with (1–2 letters match from the start). */
const SHORT_TERM = "zq";
/** One letter that starts no email and no name of the seed (it is inside the rare surname). */
const ONE_LETTER_TERM = "q";
/** Two letters that start some 6 % of the emails and names (Mason, Maya, Mateo…): a capped count. */
const COMMON_SHORT_TERM = "ma";
/** A whole common surname: many matches through the trigram index. */
const COMMON_TERM = "garcia";

/** Whitespace-separated words as a list. */
function words(text: string): string[] {
  return text.trim().split(/\s+/);
}

const FIRST_NAMES = words(`
  Olivia Liam Emma Noah Amelia Oliver Sophia Elijah Charlotte James Mia William Isabella Benjamin
  Evelyn Lucas Harper Henry Luna Theodore Camila Jack Gianna Levi Elizabeth Alexander Eleanor Jackson
  Ella Mateo Abigail Daniel Sofia Michael Avery Mason Scarlett Sebastian Emily Ethan Aria Logan
  Penelope Owen Chloe Samuel Layla Jacob Mila Asher Nora Aiden Hazel John Madison Joseph Ellie Wyatt
  Lily David Nova Leo Isla Luke Grace Julian Violet Hudson Aurora Grayson Riley Matthew Lucy Ezra
  Stella Gabriel Paisley Carter Savannah Isaac Anna Jayden Caroline Luca Genesis Anthony Emilia Dylan
  Kennedy Lincoln Maya Thomas Willow Maverick Naomi Elias Elena Josiah Sarah Charles
`);
const SURNAMES = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez
  Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
  Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
  Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker
  Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper
  Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James
  Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez
`);
const DOMAINS = words(`
  gmail.com yahoo.com outlook.com hotmail.com icloud.com aol.com proton.me mail.com gmx.net live.com
`);
const CITIES = "Austin Berlin Toronto Lisbon Melbourne Dublin Seattle Madrid Chicago Oslo".split(" ");
const COUNTRIES = "US DE CA PT AU IE US ES US NO".split(" ");

function sqlArray(values: readonly string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}

/**
 * One statement, deterministic (hashes of the row number, no random()): realistic names and
 * addresses, subscribed_at spread over the last 365 days to the microsecond in insertion order, 10 % unsubscribed,
 * 70 % sent a discount code of which 20 % were used, contact fields on some rows, consent on all.
 */
export function seedStatement(rows: number): string {
  // A uniform number in [0, modulo) from the row number and a salt.
  const pick = (salt: number, modulo: number) =>
    `((hashint4extended(n, ${salt}) & 9007199254740991) % ${modulo})`;
  const unit = (salt: number) => `(${pick(salt, 1_000_000)}::float8 / 1000000)`;
  const first = `(${sqlArray(FIRST_NAMES)})[1 + ${pick(1, FIRST_NAMES.length)}]`;
  const last = `(CASE WHEN n % ${RARE_EVERY} = 0 THEN '${RARE_SURNAME}' ELSE (${sqlArray(SURNAMES)})[1 + ${pick(2, SURNAMES.length)}] END)`;
  const domain = `(${sqlArray(DOMAINS)})[1 + ${pick(3, DOMAINS.length)}]`;
  const place = pick(4, CITIES.length);
  // Later rows subscribed later, as in a real append-only table (the heap is in time order), each at a
  // random microsecond of its own slot of the 365 days.
  const step = Math.floor((365 * 86_400 * 1_000_000) / rows);
  return `
    INSERT INTO subscribers (
      store_id, email, name, phone, city, country, discount_code_sent, discount_code_used, is_active,
      subscribed_at, unsubscribed_at, source, consent_page_url, consent_ip, consent_user_agent, consented_at
    )
    SELECT
      $1::uuid,
      lower(f.first) || '.' || lower(f.last) || n::text || '@' || f.domain,
      CASE WHEN f.u_name < 0.9 THEN f.first || ' ' || f.last END,
      CASE WHEN f.u_phone < 0.3 THEN '+1 555 ' || lpad((n % 10000000)::text, 7, '0') END,
      CASE WHEN f.u_place < 0.5 THEN (${sqlArray(CITIES)})[1 + f.place] END,
      CASE WHEN f.u_place < 0.5 THEN (${sqlArray(COUNTRIES)})[1 + f.place] END,
      CASE WHEN f.u_code < 0.7 THEN 'WELCOME-' || upper(substr(md5(n::text), 1, 8)) END,
      f.u_code < 0.14,
      f.u_active >= 0.1,
      f.at,
      CASE WHEN f.u_active < 0.1 THEN least(now(), f.at + interval '1 day' * (1 + f.u_active * 300)) END,
      'popup',
      'https://bench-store.example.com/products/item-' || (n % 500)::text,
      '198.51.100.' || (n % 250 + 1)::text,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      f.at
    FROM generate_series(1, ${rows}) AS n
    CROSS JOIN LATERAL (
      SELECT
        ${first} AS first,
        ${last} AS last,
        ${domain} AS domain,
        ${place} AS place,
        ${unit(5)} AS u_name,
        ${unit(6)} AS u_phone,
        ${unit(7)} AS u_place,
        ${unit(8)} AS u_code,
        ${unit(9)} AS u_active,
        now() - interval '1 microsecond' * ((${rows} - n)::bigint * ${step} + ${pick(10, step)}) AS at
    ) AS f`;
}

type Series = { samples: number[]; skipped: boolean };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function latencyRow(measure: string, series: Series, note = ""): Row {
  const sorted = [...series.samples].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  const cut = series.skipped ? `, stopped after ${SERIES_LIMIT_MS / 1000} s` : "";
  return {
    measure,
    result:
      `p50 ${fixed(percentile(sorted, 50))} ms, p95 ${fixed(p95)} ms, p99 ${fixed(percentile(sorted, 99))} ms ` +
      `(n=${sorted.length}${cut})${note ? `; ${note}` : ""}`,
    budget: `p95 ≤ ${LATENCY_BUDGET_MS} ms`,
    pass: sorted.length > 0 && p95 <= LATENCY_BUDGET_MS,
  };
}

/** A logged-in client of the app: every request carries the session cookie and the app's Origin. */
class Client {
  constructor(
    readonly origin: string,
    private readonly cookie: string,
  ) {}

  static async login(origin: string): Promise<Client> {
    const response = await fetch(`${origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    const cookie = response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0] ?? "")
      .filter(Boolean)
      .join("; ");
    if (!cookie) throw new Error("login answered without a session cookie");
    return new Client(origin, cookie);
  }

  async request(method: "GET" | "POST", pathname: string, body?: unknown): Promise<Response> {
    return fetch(`${this.origin}${pathname}`, {
      method,
      headers: {
        origin: this.origin,
        cookie: this.cookie,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  }

  async json<T>(pathname: string): Promise<T> {
    const response = await this.request("GET", pathname);
    if (!response.ok) throw new Error(`GET ${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /**
   * Sequential GETs after a warm-up; each sample includes reading the whole body. The series stops
   * early (and says so) once it has taken SERIES_LIMIT_MS, warm-up included.
   */
  async series(pathname: string): Promise<Series> {
    const started = performance.now();
    const samples: number[] = [];
    let skipped = false;
    for (let index = 0; index < WARMUP + SAMPLES; index += 1) {
      if (performance.now() - started > SERIES_LIMIT_MS) {
        skipped = true;
        break;
      }
      const before = performance.now();
      const response = await this.request("GET", pathname);
      const body = await response.text();
      const elapsed = performance.now() - before;
      if (!response.ok) throw new Error(`GET ${pathname}: ${response.status} ${body.slice(0, 200)}`);
      if (index >= WARMUP) samples.push(elapsed);
    }
    return { samples, skipped };
  }
}

type Page = { subscribers: unknown[]; nextCursor: string | null; total: number; totalIsCapped: boolean };

/**
 * A private copy of build/ (with links to node_modules and drizzle) for the server to run from:
 * `npm run build` elsewhere during the run would otherwise replace the chunks the running server
 * loads lazily, and every request after that would fail.
 */
function snapshotBuild(): string {
  const source = path.resolve("build");
  const marker = path.join(source, "server/index.js");
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "np-bench-scale-"));
    const before = fs.statSync(marker).mtimeMs;
    fs.cpSync(source, path.join(directory, "build"), { recursive: true });
    if (fs.statSync(marker).mtimeMs === before) {
      fs.symlinkSync(path.resolve("node_modules"), path.join(directory, "node_modules"));
      fs.symlinkSync(path.resolve("drizzle"), path.join(directory, "drizzle"));
      return directory;
    }
    fs.rmSync(directory, { recursive: true, force: true });
  }
  throw new Error("build/ kept changing while it was copied (a build is running): try again");
}

/** `npm start` (build/bin/server.js of the copy in `directory`) in its own process group, run from `directory`. */
async function startServer(
  bench: BenchEnv,
  directory: string,
): Promise<{ managed: TrackedProcess; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = appEnvironment(bench, { PORT: String(port), HOST: "127.0.0.1", APP_URL: origin });
  const managed = startBuiltCommand("app", "server", env, { cwd: directory });
  progress(`starting the app on ${origin} (pid ${managed.child.pid}, from ${directory})`);
  const deadline = Date.now() + 90_000;
  while (!managed.output.some((line) => line.includes("listening on"))) {
    if (!isRunning(managed.child)) throw new Error(`the app exited during start:\n${tail(managed)}`);
    if (Date.now() > deadline) throw new Error(`the app did not start within 90 s:\n${tail(managed)}`);
    await sleep(200);
  }
  return { managed, origin };
}

async function migrateScratch(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: path.resolve("drizzle") });
  } finally {
    await client.end();
  }
}

async function seed(
  databaseUrl: string,
  storeId: string,
  rows: number,
): Promise<{ seconds: number; size: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET statement_timeout = '200s'");
    const started = performance.now();
    const inserted = await client.query(seedStatement(rows), [storeId]);
    progress(`inserted ${integer(inserted.rowCount ?? 0)} subscribers`);
    // VACUUM as autovacuum would soon after a bulk load: it merges the GIN pending lists and sets the
    // visibility map (index-only counts); ANALYZE gives the planner the new statistics.
    await client.query("VACUUM (ANALYZE) subscribers");
    const seconds = (performance.now() - started) / 1000;
    const { rows: size } = await client.query<{ size: string }>(
      "SELECT pg_size_pretty(pg_total_relation_size('subscribers')) AS size",
    );
    return { seconds, size: size[0]?.size ?? "?" };
  } finally {
    await client.end();
  }
}

/** Streams the export to nowhere while sampling the server's RSS every 100 ms. */
async function measureExport(client: Client, storeId: string, pid: number) {
  const rss = sampleRss(pid, RSS_INTERVAL_MS);
  try {
    const started = performance.now();
    const response = await client.request("GET", `/api/stores/${storeId}/subscribers/export.csv`);
    if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
    const sink = fs.createWriteStream("/dev/null");
    let bytes = 0;
    let lines = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (let index = value.indexOf(10); index !== -1; index = value.indexOf(10, index + 1)) lines += 1;
      if (!sink.write(value)) await new Promise<void>((resolve) => sink.once("drain", () => resolve()));
    }
    await new Promise<void>((resolve) => sink.end(() => resolve()));
    const seconds = (performance.now() - started) / 1000;
    const after = rssMiB(pid);
    return { rows: lines - 1, bytes, seconds, before: rss.before, peak: Math.max(rss.stop(), after), after };
  } finally {
    rss.stop();
  }
}

let activeCleanup: (() => Promise<void>) | undefined;

/**
 * Stops the server and drops the scratch database of a run still in progress (for a caller that is
 * being interrupted); resolves at once when none is.
 */
export function cleanupSubscriberScale(): Promise<void> {
  return activeCleanup?.() ?? Promise.resolve();
}

/** The server runs in its own process group: if this process exits abruptly, it must not outlive it. */
function killGroupOnExit(managed: TrackedProcess): () => void {
  const kill = () => {
    if (managed.child.pid !== undefined && isRunning(managed.child)) {
      try {
        process.kill(-managed.child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  };
  process.once("exit", kill);
  return () => process.off("exit", kill);
}

/** Measures the 1,000,000-subscriber budgets; returns the rows of the result table. */
export async function benchSubscriberScale(): Promise<Row[]> {
  const runId = randomBytes(4).toString("hex");
  const databaseName = `np_bench_scale_${runId}`;
  const bench: BenchEnv = { databaseUrl: "", redisUrl: REDIS_URL, appRedisPrefix: `npbench-scale-${runId}` };
  let databaseCreated = false;
  let server: TrackedProcess | undefined;
  let forgetServer: (() => void) | undefined;
  let snapshot: string | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanup = () => {
    cleaned ??= (async () => {
      if (server)
        await stopProcess(server, { graceMs: 10_000, onKill: progress }).catch((error: unknown) =>
          progress(`stopping app: ${String(error)}`),
        );
      forgetServer?.();
      if (databaseCreated)
        await dropScratchDatabase(databaseName).catch((error: unknown) =>
          progress(`dropping ${databaseName}: ${String(error)}`),
        );
      await deleteRedisKeys(`${bench.appRedisPrefix}-`).catch((error: unknown) =>
        progress(`deleting Redis keys: ${String(error)}`),
      );
      if (snapshot) fs.rmSync(snapshot, { recursive: true, force: true });
    })();
    return cleaned;
  };
  activeCleanup = cleanup;
  const runStarted = Date.now();
  const remaining = () => RUN_LIMIT_MS - (Date.now() - runStarted);

  try {
    databaseCreated = true;
    bench.databaseUrl = await createScratchDatabase(databaseName);
    await withTimeout("migrations", 60_000, migrateScratch(bench.databaseUrl));
    await createAdmin(bench);
    snapshot = snapshotBuild();
    const app = await startServer(bench, snapshot);
    server = app.managed;
    forgetServer = killGroupOnExit(app.managed);
    const pid = serverPid(app.managed);
    progress(`server process ${pid}: ${commandLine(pid).slice(0, 120)}`);
    const client = await Client.login(app.origin);
    const created = await client.request("POST", "/api/stores", {
      name: "Scale Store",
      shopifyUrl: "https://scale-store.example.com",
    });
    const store = (await created.json()) as { id?: unknown };
    if (created.status !== 201 || typeof store.id !== "string")
      throw new Error(`store creation failed: ${created.status} ${JSON.stringify(store)}`);
    const storeId = store.id;
    progress(`seeding ${integer(ROWS)} subscribers into store ${storeId}`);
    const seeded = await withTimeout("seeding", 210_000, seed(bench.databaseUrl, storeId, ROWS));
    progress(`seeded in ${fixed(seeded.seconds)} s (table and indexes ${seeded.size})`);

    const list = `/api/stores/${storeId}/subscribers`;
    const rows: Row[] = [
      {
        measure: "Subscribers seeded (one INSERT … SELECT)",
        result: `${integer(ROWS)} rows in one store, ${fixed(seeded.seconds)} s with VACUUM ANALYZE; ${seeded.size}`,
        budget: "setup",
        pass: null,
      },
    ];
    const measure = async (label: string, pathname: string, note = () => Promise.resolve("")) => {
      if (remaining() < 30_000) {
        rows.push({ measure: label, result: "not measured: run time limit", budget: "—", pass: false });
        return;
      }
      progress(`measuring ${label}`);
      const series = await client.series(pathname);
      rows.push(latencyRow(label, series, await note()));
    };
    const matches = async (query: string) => {
      const page = await client.json<Page>(`${list}?${query}`);
      return `${page.totalIsCapped ? "> " : ""}${integer(page.total)} matches`;
    };

    await measure("Subscriber list, first page", list);
    let cursor: string | null = null;
    for (let page = 0; page < DEEP_PAGES; page += 1) {
      const next: Page = await client.json<Page>(cursor ? `${list}?cursor=${cursor}` : list);
      cursor = next.nextCursor;
      if (!cursor) break;
    }
    if (cursor) await measure(`Subscriber list, page ${DEEP_PAGES + 1} (cursor)`, `${list}?cursor=${cursor}`);
    const recent = "status=active&dateRange=30";
    await measure("Subscriber list, active, last 30 days", `${list}?${recent}`, () => matches(recent));
    const unsubscribed = "status=unsubscribed";
    await measure("Subscriber list, unsubscribed", `${list}?${unsubscribed}`, () => matches(unsubscribed));
    const search = async (label: string, term: string) => {
      const query = `search=${encodeURIComponent(term)}`;
      await measure(label, `${list}?${query}`, () => matches(query));
    };
    await search(`Search "${RARE_TERM}" (5 letters, rare)`, RARE_TERM);
    await search(`Search "${COMMON_TERM}" (6 letters, common)`, COMMON_TERM);
    await measure("Dashboard stats (one store)", `/api/dashboard/stats?storeId=${storeId}`);
    await measure("Store list with subscriber counts", "/api/stores");

    if (remaining() < 60_000) {
      rows.push({ measure: "CSV export", result: "not measured: run time limit", budget: "—", pass: false });
    } else {
      progress("measuring the CSV export");
      const exported = await withTimeout(
        "CSV export",
        Math.max(remaining(), 30_000),
        measureExport(client, storeId, pid),
      );
      const growth = exported.peak - exported.before;
      const rowsPerSecond = exported.rows / exported.seconds;
      rows.push({
        measure: "CSV export, streamed",
        result:
          `${integer(exported.rows)} rows, ${fixed(exported.bytes / 2 ** 20)} MiB in ${fixed(exported.seconds)} s ` +
          `= ${integer(rowsPerSecond)} rows/s`,
        budget: `all ${integer(ROWS)} rows, ≥ ${integer(EXPORT_ROWS_PER_SECOND_BUDGET)} rows/s`,
        pass: exported.rows === ROWS && rowsPerSecond >= EXPORT_ROWS_PER_SECOND_BUDGET,
      });
      rows.push({
        measure: "CSV export, server RSS",
        result: `before ${fixed(exported.before)} MiB, peak ${fixed(exported.peak)} MiB (+${fixed(growth)} MiB), after ${fixed(exported.after)} MiB`,
        budget: `flat: growth ≤ ${EXPORT_GROWTH_BUDGET_MIB} MiB`,
        pass: growth <= EXPORT_GROWTH_BUDGET_MIB,
      });
    }
    // Last: before prefix matching, no index served these and each series ran to its time limit.
    await search(`Search "${SHORT_TERM}" (2 letters, no match)`, SHORT_TERM);
    await search(`Search "${ONE_LETTER_TERM}" (1 letter, no match)`, ONE_LETTER_TERM);
    await search(`Search "${COMMON_SHORT_TERM}" (2 letters, common)`, COMMON_SHORT_TERM);
    return rows;
  } catch (error) {
    if (server) progress(`the app's last output:\n${tail(server)}`);
    throw error;
  } finally {
    await cleanup();
    activeCleanup = undefined;
  }
}

function describeMachine(): string {
  const host = machine();
  return (
    `${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB, Node ${host.node}, ${host.platform}; ` +
    `load average ${fixed(os.loadavg()[0] ?? 0, 2)}`
  );
}

async function main(): Promise<void> {
  const stop = (reason: string, code: number) => {
    progress(reason);
    void (activeCleanup?.() ?? Promise.resolve()).finally(() => process.exit(code));
  };
  process.once("SIGINT", () => stop("interrupted", 130));
  process.once("SIGTERM", () => stop("terminated", 143));
  setTimeout(() => stop("over 5 minutes: stopping", 2), 5 * 60_000).unref();
  const startedOn = describeMachine();
  const rows = await benchSubscriberScale();
  process.stdout.write(`${startedOn}\n\n${table(rows)}\n`);
}

const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : "";
if (import.meta.url === invoked) {
  main().catch((error: unknown) => {
    progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  });
}
