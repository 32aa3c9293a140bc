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
import { type ImportFile, importFiles } from "./import-files.server";
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
  /** Sent as a ZIP (Content-Type: application/zip): it must be one. A ZIP sent as text/csv is read as one too. */
  zip?: boolean;
};

/**
 * POST /api/stores/:storeId/subscribers/import: a CSV file, or a ZIP of them (Mailchimp's audience export),
 * kept on disk as it arrives, checked as a whole (a file refused as a whole — not a CSV, no email column, a
 * bad mapping, too large — writes nothing), then written in batches of 1,000 rows, each its own transaction in
 * the organization's turn of bulk work (docs/decisions/206), so that other organizations' work goes between.
 * - A new address is added as the file says: active when it may be mailed, else recorded as not subscribed;
 *   the file's opt-in time and IP are its consent, the import (file name and export) its source.
 * - An address already on the list gets only the fields it had empty ("updated"); its status follows the
 *   latest evidence (docs/decisions/209): a file's opt-out unsubscribes it, a file's opt-in subscribes one an
 *   earlier import had made not subscribed without an opt-out.
 * - A later row for an address the upload already had is skipped (the first wins).
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
      const upload = await spoolToFile(limited(body, received));
      try {
        const fileName = options.fileName || "import.csv";
        const files = await importFiles(
          { ...upload, size: received.bytes },
          fileName,
          options.zip === true,
          IMPORT_TOO_LARGE,
        );
        if (files.length > 1 && options.mapping)
          throw invalid(
            "A ZIP file is read by its columns' names: send it without a mapping, or send its CSV files one by one to map their columns",
          );
        const headers = await refuseOversized(files);
        const target = {
          storeId: store.id,
          importId,
          importedAt: new Date(),
          welcome: options.welcome,
          tenant: actor.organizationId,
        };
        const read = { bytes: 0 };
        const totalBytes = files.reduce((total, file) => total + file.size, 0);
        const onWritten = (rowsRead: number) =>
          progress.set({ state: "writing", rowsRead, bytesRead: read.bytes, totalBytes });
        const sources = files.map((file, index) =>
          sourceOf(file.name, headers[index] ?? [], options.mapping),
        );
        const counted = files.map((file) => ({ ...file, chunks: () => countedChunks(file.chunks(), read) }));
        return await writeFiles(target, fileName, counted, sources, onWritten);
      } finally {
        await upload.discard();
      }
    } finally {
      await progress.clear();
    }
  });
  if (options.welcome && summary.added > 0) wakeWelcomeOutbox();
  return summary;
}

/** The file's chunks as they are read, `read.bytes` counting them. */
async function* countedChunks(
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

/**
 * A first reading of every file, before anything is written: too many rows in all, or a file without a
 * header, refuse the upload. Answers each file's header.
 */
async function refuseOversized(files: ImportFile[]): Promise<string[][]> {
  const headers: string[][] = [];
  let rows = 0;
  for (const file of files) {
    let header: string[] | undefined;
    for await (const record of readRecords(file.chunks())) {
      if (!header) header = record.fields;
      else if (!isBlank(record) && ++rows > MAX_IMPORT_ROWS) throw tooLarge(IMPORT_TOO_LARGE);
    }
    if (!header) throw invalid(files.length > 1 ? `"${file.name}" in the ZIP file is empty` : EMPTY_FILE);
    headers.push(header);
  }
  return headers;
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

/** A file's columns planned and its export recognised, before anything is written (a bad mapping is a 422). */
function sourceOf(name: string, header: string[], mapping: ImportMapping | undefined): ConsentSource {
  const plan = planColumns(header, mapping);
  const vendor = detectVendor(header, name);
  return { plan, header, vendor, fileConsent: fileConsentOf(vendor), fileLabel: IMPORT_VENDORS[vendor] };
}

/** What the import writes to, and whose turn of bulk work its batches take. */
type ImportTarget = BatchTarget & { tenant: string };

/** Runs `work` in a transaction of its own, in the import's turn of bulk work. */
function inTurn<T>(target: ImportTarget, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return withBulkTurn(target.tenant, ({ db }) => db.transaction(work));
}

/**
 * The files written in batches, each in a transaction of its own, with the import's record and report. The
 * files of a ZIP are numbered as if read one after another: a line of the second continues the first's.
 */
async function writeFiles(
  target: ImportTarget,
  fileName: string,
  files: ImportFile[],
  sources: ConsentSource[],
  onWritten: (rowsRead: number) => Promise<void>,
): Promise<SubscriberImportSummary> {
  const tally = new ImportTally(target.importId, fileName);
  describeFiles(tally.summary, files, sources);
  await inTurn(target, (tx) => recordImport(tx, target, tally.summary));
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
  let lineOffset = 0;
  for (const [index, file] of files.entries()) {
    const source = sources[index] as ConsentSource;
    let lastLine = 0;
    let header = true;
    for await (const record of readRecords(file.chunks())) {
      lastLine = record.line;
      if (header) {
        header = false;
        continue;
      }
      if (isBlank(record)) continue;
      rows++;
      const numbered = { ...record, line: lineOffset + record.line };
      const row = readRow(numbered, source);
      if (typeof row === "string") {
        tally.refused(numbered.line, rawEmail(record, source), row);
        continue;
      }
      const key = row.email.toLowerCase();
      const first = batch.get(key);
      if (first) tally.repeated(row, first.line);
      else batch.set(key, row);
      if (batch.size === BATCH_SIZE) await flush();
    }
    lineOffset += lastLine;
  }
  await flush();
  await inTurn(target, (tx) =>
    tx.execute(
      sql`update subscriber_imports set summary = ${JSON.stringify(tally.summary)}::jsonb where id = ${target.importId}::uuid`,
    ),
  );
  return tally.summary;
}

/**
 * The export the upload looked like (one vendor for a ZIP of Mailchimp's sections), where its consent is read,
 * and the columns left out, as the answer tells them.
 */
function describeFiles(
  summary: SubscriberImportSummary,
  files: ImportFile[],
  sources: ConsentSource[],
): void {
  const vendors = new Set(sources.map((source) => source.vendor));
  const [only] = vendors;
  summary.vendor =
    vendors.size === 1 && only
      ? only
      : [...vendors].every((vendor) => vendor.startsWith("mailchimp"))
        ? "mailchimp"
        : "generic";
  const unique = (names: string[]) => [...new Set(names)];
  summary.ignoredColumns = unique(sources.flatMap((source) => source.plan.ignored));
  summary.consent = {
    columns: unique(sources.flatMap((source) => source.plan.consentColumns)),
    fileSays: sources.length === 1 ? (sources[0]?.fileConsent ?? null) : null,
  };
  files.forEach((file, index) => {
    summary.files.push({ name: file.name, vendor: sources[index]?.vendor ?? "generic" });
  });
}

/** The import recorded under its id (an id used before is refused). */
async function recordImport(
  tx: Transaction,
  target: BatchTarget,
  summary: SubscriberImportSummary,
): Promise<void> {
  const created = await tx.execute(sql`
    insert into subscriber_imports (id, store_id, file_name, vendor)
    values (${target.importId}::uuid, ${target.storeId}::uuid, ${summary.fileName}, ${summary.vendor})
    on conflict (id) do nothing
    returning id`);
  if ((created as unknown as { rows: unknown[] }).rows.length === 0)
    throw conflict("This importId was used by an earlier import: send a new one");
}

function rawEmail(record: CsvRecord, source: ConsentSource): string {
  const index = source.plan.columns.get("email");
  return index === undefined ? "" : (record.fields[index] ?? "").trim().slice(0, 320);
}
