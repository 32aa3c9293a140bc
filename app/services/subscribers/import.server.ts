import { sql } from "drizzle-orm";
import { type Db, db } from "~/db/client.server";
import { type CsvRecord, CsvRecordTooLong, csvRecords } from "~/lib/csv-records";
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ERRORS_LISTED,
  MAX_IMPORT_ROWS,
  type SubscriberImportSummary,
} from "~/lib/schemas/subscriber-import";
import { type ConcurrencyRule, withSlot } from "~/server/concurrency.server";
import { invalid, tooLarge } from "~/server/domain-errors.server";
import { spoolToFile } from "~/server/spool.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { pendingWelcomes, wakeWelcomeOutbox } from "~/services/email/welcome-outbox.server";
import { requireStore } from "~/services/stores/crud.server";
import { MAX_FIELD_LENGTH, normalizeEmail, validateEmail } from "../../../popup/validation";
import {
  type ColumnMap,
  IMPORTED_COLUMNS,
  IMPORTED_FIELDS,
  type ImportedField,
  mapColumns,
} from "./import-columns.server";

export const IMPORT_TOO_LARGE = `A CSV import takes at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB and ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows: split the file`;

/**
 * The merchant's own list: the popup's company-address rules are the merchant's choice for strangers, not
 * for addresses they already hold. The address syntax and the temporary-mail domains are checked as always.
 */
const IMPORT_EMAIL_RULES = { companyEmailsOnly: false, allowedDomains: [], blockedDomains: [] };

/**
 * Imports an organization may run at once, counted across processes through Redis: each holds a file on disk
 * while it arrives and then a database connection, so one organization cannot take them all.
 */
const IMPORTS_AT_ONCE: ConcurrencyRule = {
  name: "subscriber-import",
  limit: 2,
  message: "Your organization is already importing 2 files. Please try again when one of them has finished.",
  retryAfterSeconds: 30,
};

/** Rows per INSERT: one round trip per thousand rows, and a batch small enough to die young in memory. */
const BATCH_SIZE = 1_000;

type ImportRow = Record<ImportedField, string | null>;

/**
 * POST /api/stores/:storeId/subscribers/import: a CSV file kept on disk as it arrives, then written in batches
 * in one transaction (a file refused as a whole — no email column, too large — writes nothing).
 * - A new address is added with source "import", consent given now, and no welcome email unless `welcome`.
 * - An address already on the list gets only the fields it had empty ("updated"); an unsubscribed address
 *   stays unsubscribed, and one with nothing to fill is skipped. A later row for an address the file
 *   already had is skipped (the first wins).
 * - A row that cannot be a subscriber is reported with the line it starts on and why.
 */
export async function importSubscribersCsv(
  actor: Actor,
  storeId: string,
  body: AsyncIterable<Uint8Array>,
  options: { welcome: boolean },
): Promise<SubscriberImportSummary> {
  authorize(actor, "manage_subscribers");
  const store = await requireStore(actor, storeId);
  const summary = await withSlot(IMPORTS_AT_ONCE, actor.organizationId, async () => {
    // The whole file first, at the client's pace, holding no database connection (a slow upload is bounded by
    // HTTP_REQUEST_TIMEOUT_MS); only then the transaction, at the database's pace.
    const file = await spoolToFile(limited(body));
    try {
      return await writeFile(store.id, file.chunks(), options.welcome);
    } finally {
      await file.discard();
    }
  });
  if (options.welcome && summary.added > 0) wakeWelcomeOutbox();
  return summary;
}

/** The CSV written in batches in one transaction. */
async function writeFile(
  storeId: string,
  csv: AsyncIterable<Uint8Array>,
  welcome: boolean,
): Promise<SubscriberImportSummary> {
  const summary: SubscriberImportSummary = {
    added: 0,
    updated: 0,
    skipped: 0,
    errors: [],
    errorCount: 0,
    ignoredColumns: [],
  };
  const batchWriter = { storeId, importedAt: new Date(), welcome };
  await db().transaction(async (tx) => {
    // One import of a store at a time: two files sharing addresses, written in batches of different orders,
    // would otherwise lock each other's rows and deadlock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriber-import:${storeId}`}))`);
    let map: ColumnMap | undefined;
    let rows = 0;
    let batch = new Map<string, ImportRow>();
    const flush = async () => {
      if (batch.size === 0) return;
      const written = await writeBatch(tx, batchWriter, [...batch.values()]);
      summary.added += written.added;
      summary.updated += written.updated;
      summary.skipped += batch.size - written.added - written.updated;
      batch = new Map();
    };
    for await (const record of readRecords(csv)) {
      if (!map) {
        map = mapColumns(record.fields);
        summary.ignoredColumns = map.ignored;
        continue;
      }
      if (record.fields.every((field) => field.trim() === "")) continue;
      if (++rows > MAX_IMPORT_ROWS) throw tooLarge(IMPORT_TOO_LARGE);
      const row = readRow(record, map);
      if (typeof row === "string") {
        summary.errorCount++;
        if (summary.errors.length < MAX_IMPORT_ERRORS_LISTED)
          summary.errors.push({ line: record.line, reason: row });
        continue;
      }
      const key = (row.email ?? "").toLowerCase();
      if (batch.has(key)) summary.skipped++;
      else batch.set(key, row);
      if (batch.size === BATCH_SIZE) await flush();
    }
    if (!map) throw invalid("The CSV file is empty: its first line must name the columns");
    await flush();
  });
  return summary;
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

/** The body, stopped once it passes the size limit. */
async function* limited(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_IMPORT_BYTES) throw tooLarge(IMPORT_TOO_LARGE);
    yield chunk;
  }
}

/** The record as a subscriber (blank cells are null), or why it cannot be one. */
function readRow(record: CsvRecord, map: ColumnMap): ImportRow | string {
  if (record.unclosed) return "A quoted field is not closed before the end of the file";
  const row = {} as ImportRow;
  for (const field of IMPORTED_FIELDS) {
    const index = map.columns.get(field);
    const value = index === undefined ? "" : (record.fields[index] ?? "").trim();
    if (value.includes("\0")) return `${IMPORTED_COLUMNS[field].label} contains a NUL character`;
    if (field !== "email" && value.length > MAX_FIELD_LENGTH)
      return `${IMPORTED_COLUMNS[field].label} is longer than ${MAX_FIELD_LENGTH} characters`;
    row[field] = value === "" ? null : value;
  }
  const problem = validateEmail(row.email ?? "", IMPORT_EMAIL_RULES);
  if (problem) return row.email ? `${row.email}: ${problem}` : problem;
  row.email = normalizeEmail(row.email ?? "");
  return row;
}

const columnOf = (field: ImportedField) => IMPORTED_COLUMNS[field].column;
const FILLED_FIELDS = IMPORTED_FIELDS.filter((field) => field !== "email");

/**
 * One INSERT for the batch. On an address already there, only empty fields take the imported values; a row
 * this import added in an earlier batch is left alone (the file's first row for an address wins), and so
 * is a row with nothing to fill: neither comes back, and the caller counts them skipped.
 */
async function writeBatch(
  tx: Pick<Db, "execute">,
  target: { storeId: string; importedAt: Date; welcome: boolean },
  rows: ImportRow[],
): Promise<{ added: number; updated: number }> {
  const records = JSON.stringify(
    rows.map((row) => Object.fromEntries(IMPORTED_FIELDS.map((field) => [columnOf(field), row[field]]))),
  );
  const columns = sql.raw(IMPORTED_FIELDS.map((field) => columnOf(field)).join(", "));
  const recordType = sql.raw(IMPORTED_FIELDS.map((field) => `${columnOf(field)} text`).join(", "));
  const fills = sql.raw(
    FILLED_FIELDS.map((field) => {
      const column = columnOf(field);
      return `${column} = coalesce(nullif(subscribers.${column}, ''), excluded.${column})`;
    }).join(", "),
  );
  const fillsSomething = sql.raw(
    FILLED_FIELDS.map((field) => {
      const column = columnOf(field);
      return `(nullif(subscribers.${column}, '') is null and excluded.${column} is not null)`;
    }).join(" or "),
  );
  const at = target.importedAt.toISOString();
  const result = await tx.execute(sql`
    with upserted as (
      insert into subscribers (store_id, ${columns}, source, consented_at, subscribed_at)
      select ${target.storeId}::uuid, ${columns}, 'import', ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${records}::jsonb) as imported(${recordType})
      on conflict (store_id, lower(email)) do update set ${fills}
      where not (subscribers.source = 'import' and subscribers.consented_at = ${at}::timestamptz)
        and (${fillsSomething})
      returning id, (xmax = 0) as inserted
    ), welcomed as (
      ${pendingWelcomes(target.storeId, "upserted", sql`inserted and ${target.welcome}::boolean`)}
    )
    select (count(*) filter (where inserted))::int as added,
           (count(*) filter (where not inserted))::int as updated
    from upserted`);
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const [counts] = (result as unknown as { rows: { added: number; updated: number }[] }).rows;
  return { added: Number(counts?.added ?? 0), updated: Number(counts?.updated ?? 0) };
}
