/**
 * CSV import of 100,000 subscribers (issue 18: "streams, so 100,000 rows import with flat memory"): the
 * file is generated as it is sent, posted as one streamed request body to the running server, and the
 * server's RSS is sampled every 100 ms meanwhile. Prints rows/s and the peak RSS growth.
 * Runs inside `npm run bench` (BENCH_ONLY=subscriber-import), on the app and store the run shares.
 */
import { performance } from "node:perf_hooks";
import { APP_FETCH_HEADER } from "~/lib/api-client";
import type { SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import type { TrackedProcess } from "../tests/support/infra/processes";
import { ADMIN } from "./lib/app";
import { progress } from "./lib/log";
import { sampleRss, serverPid } from "./lib/process-memory";
import { fixed, integer, type Row } from "./lib/report";

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
/** Memory is "flat" when the server's RSS grows by at most this much while it imports. */
const GROWTH_BUDGET_MIB = 64;
const RSS_INTERVAL_MS = 100;
/** Rows per chunk of the generated file (about 60 KB). */
const CHUNK_ROWS = 1_000;

type ImportFigures = { rowsPerSecond: number; growthMiB: number; summary: SubscriberImportSummary };

async function sessionCookie(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  await login.arrayBuffer();
  return login.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .join("; ");
}

/** The CSV, made chunk by chunk as the request takes it: the bench never holds the whole file either. */
function generatedCsv(runId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode("Email,First Name,Phone,City,Country\r\n"));
    },
    pull(controller) {
      if (next >= ROWS) return controller.close();
      const lines: string[] = [];
      for (const end = Math.min(next + CHUNK_ROWS, ROWS); next < end; next += 1)
        lines.push(`import-${runId}-${next}@bench-company.com,"Person ${next}",+1555${next},Lyon,France\r\n`);
      controller.enqueue(encoder.encode(lines.join("")));
    },
  });
}

export async function measureSubscriberImport(options: {
  origin: string;
  app: TrackedProcess;
  storeId: string;
}): Promise<ImportFigures> {
  const pid = serverPid(options.app);
  const cookie = await sessionCookie(options.origin);
  const rss = sampleRss(pid, RSS_INTERVAL_MS);
  progress(`importing ${integer(ROWS)} subscribers from a streamed CSV`);
  const started = performance.now();
  try {
    const response = await fetch(`${options.origin}/api/stores/${options.storeId}/subscribers/import`, {
      method: "POST",
      headers: {
        cookie,
        origin: options.origin,
        "content-type": "text/csv",
        [APP_FETCH_HEADER.name]: APP_FETCH_HEADER.value,
      },
      body: generatedCsv(Date.now().toString(36)),
      duplex: "half",
    } as RequestInit);
    const text = await response.text();
    if (!response.ok) throw new Error(`import failed: ${response.status} ${text.slice(0, 200)}`);
    const summary = JSON.parse(text) as SubscriberImportSummary;
    if (summary.added !== ROWS)
      throw new Error(`import added ${summary.added} of ${ROWS}: ${text.slice(0, 200)}`);
    const seconds = (performance.now() - started) / 1000;
    return { rowsPerSecond: ROWS / seconds, growthMiB: rss.stop() - rss.before, summary };
  } finally {
    rss.stop();
  }
}

export function subscriberImportRows(figures: ImportFigures): Row[] {
  return [
    {
      measure: `Subscriber CSV import, ${integer(ROWS)} rows`,
      result: `${integer(figures.rowsPerSecond)} rows/s`,
      budget: "—",
      pass: null,
    },
    {
      measure: "CSV import, server RSS growth (peak)",
      result: `${fixed(figures.growthMiB)} MiB`,
      budget: `≤ ${GROWTH_BUDGET_MIB} MiB`,
      pass: figures.growthMiB <= GROWTH_BUDGET_MIB,
    },
  ];
}
