import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { withBulkTurn } from "~/db/bulk.server";
import type { Transaction } from "~/db/client.server";
import { type CsvRecord, CsvRecordTooLong, csvRecords } from "~/lib/csv-records";
import {
  type ImportMapping,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  type SubscriberImportSummary,
} from "~/lib/schemas/subscriber-import";
import { detectVendor, fileConsentOf, IMPORT_VENDORS } from "~/lib/subscriber-import/vendors";
import { type ConcurrencyRule, withSlot } from "~/server/concurrency.server";
import { conflict, invalid, tooLarge } from "~/server/domain-errors.server";
import { spoolToFile } from "~/server/spool.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { wakeWelcomeOutbox } from "~/services/email/welcome-outbox.server";
import { requireStore } from "~/services/stores/crud.server";
import { type BatchTarget, writeBatch, writeReport } from "./import-batch.server";
import { planColumns } from "./import-columns.server";
import { importProgress } from "./import-progress.server";
import { type ConsentSource, type ImportRow, readRow } from "./import-rows.server";
import { ImportTally } from "./import-tally.server";

export const IMPORT_TOO_LARGE = `A CSV import takes at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows: split the file`;

/**
 * Imports an organization may run at once, counted across processes through Redis: each holds a file on disk
 * while it arrives and while it is written.
 */
const IMPORTS_AT_ONCE: ConcurrencyRule = {
  name: "subscriber-import",
  limit: 2,
  message: "Your organization is already importing 2 files. Please try again when one of them has finished.",
  retryAfterSeconds: 30,
};

/** Rows per INSERT: one round trip per thousand rows, and a batch small enough to die young in memory. */
const BATCH_SIZE = 1_000;

export type ImportOptions = {
  welcome: boolean;
  fileName?: string;
  mapping?: ImportMapping;
  importId?: string;
};

/**
 * POST /api/stores/:storeId/subscribers/import: a CSV file kept on disk as it arrives, checked as a whole (a file
 * refused as a whole — no email column, a bad mapping, too large — writes nothing), then written in batches of
 * 1,000 rows, each its own transaction in the organization's turn of bulk work (docs/decisions/206), so that
 * other organizations' work goes between them.
 * - A new address is added as the file says: active when it may be mailed, else recorded as not subscribed;
 *   the file's opt-in time and IP are its consent, the import (file name and export) its source.
 * - An address already on the list gets only the fields it had empty ("updated"); its status never changes.
 * - A later row for an address the file already had is skipped (the first wins).
 * - Every row that did not become an active subscriber goes to the import's report, with why.
 */
export async function importSubscribersCsv(
  actor: Actor,
  storeId: string,
  body: AsyncIterable<Uint8Array>,
  options: ImportOptions,
): Promise<SubscriberImportSummary> {
  authorize(actor, "manage_subscribers");
  const store = await requireStore(actor, storeId);
  const importId = options.importId ?? randomUUID();
  const progress = importProgress(store.id, importId);
  const summary = await withSlot(IMPORTS_AT_ONCE, actor.organizationId, async () => {
    const received = { bytes: 0 };
    await progress.set({ state: "receiving", rowsRead: 0, bytesRead: 0, totalBytes: null });
    try {
      // The whole file first, at the client's pace, holding no database connection (a slow upload is bounded
      // by HTTP_REQUEST_TIMEOUT_MS); only then the transaction, at the database's pace.
      const file = await spoolToFile(limited(body, received));
      try {
        await refuseOversized(file.chunks());
        const target = {
          storeId: store.id,
          importId,
          importedAt: new Date(),
          welcome: options.welcome,
          tenant: actor.organizationId,
        };
        const read = { bytes: 0 };
        const onWritten = (rowsRead: number) =>
          progress.set({ state: "writing", rowsRead, bytesRead: read.bytes, totalBytes: received.bytes });
        return await writeFile(target, options, counted(file.chunks(), read), onWritten);
      } finally {
        await file.discard();
      }
    } finally {
      await progress.clear();
    }
  });
  if (options.welcome && summary.added > 0) wakeWelcomeOutbox();
  return summary;
}

/** The file's chunks as they are read, `read.bytes` counting them. */
async function* counted(
  chunks: AsyncIterable<Uint8Array>,
  read: { bytes: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    read.bytes += chunk.byteLength;
    yield chunk;
  }
}

/** The body, stopped once it passes the size limit; `received.bytes` counts what arrived. */
async function* limited(
  body: AsyncIterable<Uint8Array>,
  received: { bytes: number },
): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    received.bytes += chunk.byteLength;
    if (received.bytes > MAX_IMPORT_BYTES) throw tooLarge(IMPORT_TOO_LARGE);
    yield chunk;
  }
}

const EMPTY_FILE = "The CSV file is empty: its first line must name the columns";

const isBlank = (record: CsvRecord) => record.fields.every((field) => field.trim() === "");

/** A first reading of the whole file, before anything is written: too many rows, or none at all, refuse it. */
async function refuseOversized(csv: AsyncIterable<Uint8Array>): Promise<void> {
  let header = false;
  let rows = 0;
  for await (const record of readRecords(csv)) {
    if (!header) header = true;
    else if (!isBlank(record) && ++rows > MAX_IMPORT_ROWS) throw tooLarge(IMPORT_TOO_LARGE);
  }
  if (!header) throw invalid(EMPTY_FILE);
}

/** The records of the file; a runaway record refuses the file. */
async function* readRecords(csv: AsyncIterable<Uint8Array>): AsyncGenerator<CsvRecord> {
  try {
    yield* csvRecords(csv);
  } catch (error) {
    if (error instanceof CsvRecordTooLong) throw invalid(error.message);
    throw error;
  }
}

/** What the import writes to, and whose turn of bulk work its batches take. */
type ImportTarget = BatchTarget & { tenant: string };

/** Runs `work` in a transaction of its own, in the import's turn of bulk work. */
function inTurn<T>(target: ImportTarget, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return withBulkTurn(target.tenant, ({ db }) => db.transaction(work));
}

/** The CSV written in batches, each in a transaction of its own, with its import record and report. */
async function writeFile(
  target: ImportTarget,
  options: ImportOptions,
  csv: AsyncIterable<Uint8Array>,
  onWritten: (rowsRead: number) => Promise<void>,
): Promise<SubscriberImportSummary> {
  const tally = new ImportTally(target.importId, options.fileName || "import.csv");
  let source: ConsentSource | undefined;
  let rows = 0;
  let batch = new Map<string, ImportRow>();
  const flush = async () => {
    const written = [...batch.values()];
    batch = new Map();
    await inTurn(target, async (tx) => {
      // One batch of a store at a time: two files sharing addresses, written in different orders, would
      // otherwise lock each other's rows and deadlock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriber-import:${target.storeId}`}))`);
      const outcomes = written.length > 0 ? await writeBatch(tx, target, written) : [];
      written.forEach((row, index) => {
        tally.written(row, outcomes[index]);
      });
      await writeReport(tx, target.importId, tally.takeReport());
    });
    await onWritten(rows);
  };
  for await (const record of readRecords(csv)) {
    if (!source) {
      const header = record.fields;
      source = await inTurn(target, (tx) => startImport(tx, target, header, options, tally.summary));
      continue;
    }
    if (isBlank(record)) continue;
    rows++;
    const row = readRow(record, source);
    if (typeof row === "string") {
      tally.refused(record.line, rawEmail(record, source), row);
      continue;
    }
    const key = row.email.toLowerCase();
    const first = batch.get(key);
    if (first) tally.repeated(row, first.line);
    else batch.set(key, row);
    if (batch.size === BATCH_SIZE) await flush();
  }
  await flush();
  await inTurn(target, (tx) =>
    tx.execute(
      sql`update subscriber_imports set summary = ${JSON.stringify(tally.summary)}::jsonb where id = ${target.importId}::uuid`,
    ),
  );
  return tally.summary;
}

/** The header read: columns planned, the export recognised, and the import recorded under its id. */
async function startImport(
  tx: Transaction,
  target: BatchTarget,
  header: string[],
  options: ImportOptions,
  summary: SubscriberImportSummary,
): Promise<ConsentSource> {
  const plan = planColumns(header, options.mapping);
  const vendor = detectVendor(header);
  const fileConsent = fileConsentOf(vendor);
  summary.vendor = vendor;
  summary.ignoredColumns = plan.ignored;
  summary.consent = { columns: plan.consentColumns, fileSays: fileConsent ?? null };
  const created = await tx.execute(sql`
    insert into subscriber_imports (id, store_id, file_name, vendor)
    values (${target.importId}::uuid, ${target.storeId}::uuid, ${summary.fileName}, ${vendor})
    on conflict (id) do nothing
    returning id`);
  if ((created as unknown as { rows: unknown[] }).rows.length === 0)
    throw conflict("This importId was used by an earlier import: send a new one");
  return { plan, header, fileConsent, fileLabel: IMPORT_VENDORS[vendor] };
}

function rawEmail(record: CsvRecord, source: ConsentSource): string {
  const index = source.plan.columns.get("email");
  return index === undefined ? "" : (record.fields[index] ?? "").trim().slice(0, 320);
}
