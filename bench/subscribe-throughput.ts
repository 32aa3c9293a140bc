import { randomBytes } from "node:crypto";
import pg from "pg";
import { BARE_TABLE, startBareStorefront } from "./lib/bare-storefront";
import { groupCpuSeconds, processCpuSeconds } from "./lib/cpu";
import { LOAD, type LoadResult, runLoad } from "./lib/load";
import { progress, sleep } from "./lib/log";
import { fixed, integer, type Row } from "./lib/report";
import { sendStoreMailToSink, startSmtpSink } from "./smtp-sink";

const PAGE_URL = "https://bench-store.example.com/products/widget";

/** Rows written by one measured run, checked against the requests that were answered 2xx. */
export type Integrity = {
  /** Distinct emails that got a 2xx answer. */
  ok: number;
  /** Of those, how many have no row (lost writes). */
  missing: number;
  /** Rows for the run's emails beyond one per email (the unique index makes this 0). */
  duplicates: number;
  /** Rows of requests still in flight when the load stopped (answered after autocannon hung up). */
  unanswered: number;
};

export type SubscribeSide = { load: LoadResult; integrity: Integrity };
export type SubscribeMeasurement = { app: SubscribeSide; bare: SubscribeSide };

/** A unique company-looking email per request (the popup's defaults refuse gmail, yahoo, …). */
function emailSource(tag: string) {
  let next = 0;
  return () => {
    next += 1;
    const email = `${tag}-${next}@bench-company.com`;
    return { key: email, body: JSON.stringify({ email, sessionId: `s-${tag}-${next}`, pageUrl: PAGE_URL }) };
  };
}

async function checkIntegrity(
  client: pg.Client,
  table: string,
  storeId: string,
  tag: string,
  okEmails: Set<string>,
): Promise<Integrity> {
  // Requests abandoned when the load stopped may still be finishing: let them land first.
  await sleep(2_000);
  const { rows } = await client.query<{ rows: string; distinct: string; found: string }>(
    `WITH ok AS (SELECT DISTINCT unnest($3::text[]) AS email),
          run AS (SELECT lower(email) AS email FROM ${table} WHERE store_id = $1 AND email LIKE $2)
     SELECT (SELECT count(*) FROM run) AS rows,
            (SELECT count(DISTINCT email) FROM run) AS distinct,
            (SELECT count(*) FROM ok WHERE email IN (SELECT email FROM run)) AS found`,
    [storeId, `${tag}-%`, [...okEmails]],
  );
  const row = rows[0] ?? { rows: "0", distinct: "0", found: "0" };
  const total = Number(row.rows);
  const found = Number(row.found);
  const distinct = Number(row.distinct);
  const integrity = {
    ok: okEmails.size,
    missing: okEmails.size - found,
    duplicates: total - distinct,
    unanswered: distinct - found,
  };
  progress(
    `  ${table}: ${total} rows for ${okEmails.size} 2xx answers (missing ${integrity.missing}, ` +
      `duplicates ${integrity.duplicates}, written for unanswered requests ${integrity.unanswered})`,
  );
  return integrity;
}

async function measureSide(
  label: string,
  url: string,
  client: pg.Client,
  table: string,
  storeId: string,
  cpuSeconds: () => number,
): Promise<SubscribeSide> {
  const runId = randomBytes(3).toString("hex");
  if (LOAD.warmupSeconds > 0) {
    await runLoad({
      label: `${label} warm-up`,
      url,
      method: "POST",
      body: emailSource(`warm-${runId}`),
      durationSeconds: LOAD.warmupSeconds,
      cpuSeconds,
    });
  }
  // What autovacuum does within its minute on a live database: statistics of the tables the warm-up filled.
  // Plans PostgreSQL cached for a prepared statement while the store had no subscribers (an index scan of
  // the store's every row looks free then) are dropped with them, as they are in production.
  await client.query("ANALYZE");
  const tag = `run-${runId}`;
  const okEmails = new Set<string>();
  const load = await runLoad({
    label,
    url,
    method: "POST",
    body: emailSource(tag),
    onOk: (email) => okEmails.add(email),
    durationSeconds: LOAD.durationSeconds,
    cpuSeconds,
  });
  const integrity = await checkIntegrity(client, table, storeId, tag, okEmails);
  return { load, integrity };
}

/**
 * Removes the welcome emails the subscribe load left pending: the welcome-email measurement that
 * follows times the messages of its own sends only, and its worker would send these too.
 */
async function dropPendingWelcomes(client: pg.Client, storeId: string): Promise<void> {
  const { rowCount } = await client.query(
    "DELETE FROM email_sends WHERE store_id = $1 AND kind = 'welcome' AND status = 'pending'",
    [storeId],
  );
  progress(`  email_sends: ${rowCount ?? 0} pending welcome emails of the app's load (warm-up too), removed`);
  // What autovacuum does within its minute after such a delete: the measurements that follow claim from this
  // table, and would otherwise step over every removed row (and plan from counts that include them).
  await client.query("VACUUM ANALYZE email_sends");
}

/**
 * POST /api/public/stores/{id}/subscribe on the production app, then the same load on a bare
 * node:http + pg endpoint writing the same columns into a copy of the table, in its own process.
 */
export async function measureSubscribeThroughput(options: {
  origin: string;
  /** The app's process group (the server and anything it starts). */
  appGroup: number;
  storeId: string;
  databaseUrl: string;
}): Promise<SubscribeMeasurement> {
  const { origin, storeId, databaseUrl, appGroup } = options;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // A store that sends email: each new subscriber's welcome email is written to the outbox in the
  // measured path, as in production. No worker sends them during the load.
  const sink = await startSmtpSink();
  await sendStoreMailToSink(client, storeId, sink);
  const bare = await startBareStorefront(client, databaseUrl);
  try {
    const path = `/api/public/stores/${storeId}/subscribe`;
    const app = await measureSide("subscribe (app)", `${origin}${path}`, client, "subscribers", storeId, () =>
      groupCpuSeconds(appGroup),
    );
    await dropPendingWelcomes(client, storeId);
    const bareSide = await measureSide(
      "subscribe (bare)",
      `${bare.origin}${path}`,
      client,
      BARE_TABLE,
      storeId,
      () => processCpuSeconds(bare.pid),
    );
    return { app, bare: bareSide };
  } finally {
    await bare.stop();
    await client.end();
    await sink.stop();
  }
}

function clean(side: SubscribeSide): boolean {
  const { load, integrity } = side;
  return (
    load.errors === 0 &&
    load.non2xx === 0 &&
    load.timeouts === 0 &&
    integrity.missing === 0 &&
    integrity.duplicates === 0
  );
}

function describe(side: SubscribeSide): string {
  const { load, integrity } = side;
  return (
    `${integer(load.requestsPerSecond)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ` +
    `${fixed(load.cpuMsPerRequest, 2)} CPU ms/req, errors ${load.errors}, non-2xx ${load.non2xx}; ` +
    `rows: ${integer(integrity.ok)} 2xx → ${integrity.missing} missing, ${integrity.duplicates} duplicates`
  );
}

export function subscribeRows(measured: SubscribeMeasurement): Row[] {
  const ratio = measured.bare.load.requestsPerSecond / Math.max(measured.app.load.requestsPerSecond, 1);
  return [
    {
      measure: "Subscribe POST, app (Redis on)",
      result: describe(measured.app),
      budget: "0 errors, 0 duplicates, 0 lost",
      pass: clean(measured.app),
    },
    {
      measure: "Subscribe POST, bare node:http + pg",
      result: describe(measured.bare),
      budget: "reference",
      pass: null,
    },
    {
      measure: "Subscribe throughput, bare ÷ app",
      result: `${fixed(ratio, 2)}× (app at ${fixed(100 / ratio, 0)}% of bare)`,
      budget: "≤ 2.00×",
      pass: ratio <= 2 && clean(measured.app),
    },
  ];
}
