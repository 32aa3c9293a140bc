import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type pg from "pg";
import { withBulkTurn } from "~/db/bulk.server";
import { type Db, db } from "~/db/client.server";
import { copyCsvOut } from "~/db/copy-out.server";
import { consentTexts, subscribers } from "~/db/schema";
import { csvRow, FORMULA_AFTER_BREAK } from "~/lib/csv";
import type { SubscriberFilters } from "~/lib/schemas/subscribers";
import { type ConcurrencyRule, withSlot } from "~/server/concurrency.server";
import { type GrowingFile, growingFile } from "~/server/growing-file.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { afterCursor, type Cursor, filterConditions, sortKey } from "./list.server";

export const CSV_HEADER = [
  "ID",
  "Email",
  "Name",
  "Phone",
  "Company",
  "Address",
  "Street",
  "City",
  "State",
  "Zip Code",
  "Country",
  "Status",
  "Email Status",
  "Email Status Reason",
  "Email Status At",
  "Discount Code",
  "Code Used",
  "Subscribed At",
  "Unsubscribed At",
  "Consent Page",
  "Consent IP",
  "Consented At",
  "Consent Version",
  "Consent Text",
  "First Name",
  "Birthday",
  "Phone Consented At",
] as const;

/** A UTF-8 byte order mark first: without it spreadsheet applications misread accented names. */
const BYTE_ORDER_MARK = "\uFEFF";

/**
 * Exports an organization may run at once, counted across processes through Redis: each holds a file on disk
 * until its client has taken it (or stopped taking it for EXPORT_IDLE_TIMEOUT_MS).
 */
const EXPORTS_AT_ONCE: ConcurrencyRule = {
  name: "subscriber-export",
  limit: 2,
  message:
    "Your organization is already downloading 2 exports. Please try again when one of them has finished.",
  retryAfterSeconds: 30,
};

export type ExportedStore = { id: string; name: string };

/** Hands the finished CSV to the client, at the client's pace; the file is removed once this settles. */
export type ExportDelivery = (store: ExportedStore, csv: AsyncIterable<Uint8Array>) => Promise<void>;

/**
 * The store the caller may export (permission and store checked, so a refusal is a normal error response).
 * Reading every row is viewing the subscribers (docs/decisions/032).
 */
export async function exportableStore(actor: Actor, storeId: string): Promise<ExportedStore> {
  authorize(actor, "view_subscribers");
  const store = await requireStore(actor, storeId);
  return { id: store.id, name: store.name };
}

/**
 * The store's subscribers matching the filters as CSV, header first, written to a temporary file at the
 * database's pace in the organization's turn of bulk work, and delivered from it at the client's as the rows
 * arrive: a client that reads slowly or not at all holds a file, never a database connection (docs/decisions/206). PostgreSQL writes the
 * CSV itself (COPY, some five times faster); PGlite, which has no COPY to a client, is read in batches.
 */
export async function exportSubscribersCsv(
  actor: Actor,
  storeId: string,
  filters: SubscriberFilters,
  deliver: ExportDelivery,
): Promise<void> {
  const store = await exportableStore(actor, storeId);
  await withSlot(EXPORTS_AT_ONCE, actor.organizationId, async () => {
    const conditions = filterConditions(store.id, filters);
    let opened: (file: GrowingFile) => void = () => {};
    const file = new Promise<GrowingFile>((resolve) => {
      opened = resolve;
    });
    // The turn lasts while the rows are written to the file; the client reads the file meanwhile and after.
    const turn = withBulkTurn(actor.organizationId, async (bulk) => {
      const growing = await growingFile(
        bulk.pool ? copiedCsv(bulk.pool, conditions) : keysetCsv(conditions, bulk.db),
      );
      opened(growing);
      await growing.written;
    });
    const csv = await Promise.race([file, turn.then(() => file)]);
    try {
      await deliver(store, csv.chunks());
    } finally {
      // A client that went away before the last row stops the COPY, which frees the turn and the export's place.
      csv.stop();
      await csv.discard();
    }
    await turn;
  });
}

/** The first characters csvCell neutralises (=, +, -, @, tab, CR), as code points. */
const FORMULA_START_CODES = sql.raw(
  ["=", "+", "-", "@", "\t", "\r"].map((start) => start.codePointAt(0)).join(", "),
);

/**
 * A text cell as csvCell (app/lib/csv.ts) writes it, in SQL: a quote before each formula start that
 * follows a separator (csvCell's own pattern), a leading quote on a value an application would read
 * as a formula, and an empty text written as NULL is (COPY would quote it). ascii() compares a
 * number: a little faster over a million rows than left(…, 1) in a list of texts. The match (~)
 * before the replacement saves about a third of the pattern's cost: few values have anything to
 * replace, and regexp_replace copies every value it is given.
 */
function textCell(column: AnyPgColumn): SQL {
  const inner = sql`case when ${column} ~ ${FORMULA_AFTER_BREAK}
    then regexp_replace(${column}, ${FORMULA_AFTER_BREAK}, '\\&''', 'g') else ${column} end`;
  return sql`case when ascii(${column}) in (${FORMULA_START_CODES}) then '''' || ${inner} else nullif(${inner}, '') end`;
}

/** A timestamp as Date.prototype.toISOString() writes it (milliseconds, truncated as a Date does). */
function isoCell(column: AnyPgColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A birthday as "MM-DD" (day and month only: the year is never asked). */
const birthdayCell = sql`case when ${subscribers.birthdayMonth} is not null then
  lpad(${subscribers.birthdayMonth}::text, 2, '0') || '-' || lpad(${subscribers.birthdayDay}::text, 2, '0') end`;

/** Each column of the CSV as SQL, named by its header (COPY's HEADER writes the names). */
const copyColumns: Record<(typeof CSV_HEADER)[number], SQL> = {
  ID: sql`${subscribers.id}::text`,
  Email: textCell(subscribers.email),
  Name: textCell(subscribers.name),
  Phone: textCell(subscribers.phone),
  Company: textCell(subscribers.company),
  Address: textCell(subscribers.address),
  Street: textCell(subscribers.street),
  City: textCell(subscribers.city),
  State: textCell(subscribers.state),
  "Zip Code": textCell(subscribers.zipCode),
  Country: textCell(subscribers.country),
  Status: sql`case when ${subscribers.isActive} then 'Active' else 'Unsubscribed' end`,
  "Discount Code": textCell(subscribers.discountCodeSent),
  "Code Used": sql`case when ${subscribers.discountCodeUsed} then 'Yes' else 'No' end`,
  "Subscribed At": isoCell(subscribers.subscribedAt),
  "Unsubscribed At": isoCell(subscribers.unsubscribedAt),
  "Consent Page": textCell(subscribers.consentPageUrl),
  "Consent IP": textCell(subscribers.consentIp),
  "Consented At": isoCell(subscribers.consentedAt),
  "Consent Version": textCell(subscribers.consentVersion),
  "Consent Text": textCell(consentTexts.text),
  "Email Status": sql`case ${subscribers.suppression} when 'bounced' then 'Bounced' when 'complained' then 'Complained' else 'Deliverable' end`,
  "Email Status Reason": textCell(subscribers.suppressionReason),
  "Email Status At": isoCell(subscribers.suppressedAt),
  "First Name": textCell(subscribers.firstName),
  Birthday: birthdayCell,
  "Phone Consented At": isoCell(subscribers.phoneConsentedAt),
};

/** The consent sentence a subscriber agreed to, by the version recorded with their consent. */
const consentTextOf = and(
  eq(consentTexts.storeId, subscribers.storeId),
  eq(consentTexts.version, subscribers.consentVersion),
);

/** The export through COPY: one query, the rows in list order, the CSV written by PostgreSQL. */
export async function* copiedCsv(pool: pg.Pool, conditions: SQL[]): AsyncGenerator<string | Buffer> {
  const query = db()
    .select(Object.fromEntries(CSV_HEADER.map((header) => [header, copyColumns[header].as(header)])))
    .from(subscribers)
    .leftJoin(consentTexts, consentTextOf)
    .where(and(...conditions))
    .orderBy(desc(subscribers.subscribedAt), desc(subscribers.id))
    .toSQL();
  yield BYTE_ORDER_MARK;
  yield* copyCsvOut(pool, query);
}

/**
 * Rows per batch of the keyset export. At 500 a batch's CSV (about 120 KB) and its row objects die
 * young in V8's new space; at 5,000 every batch was promoted and the server's RSS grew by some 200 MB
 * during a million-row export before a full collection.
 */
const EXPORT_BATCH = 500;

/** One batch of the keyset export: every column of the CSV, in list order, after the cursor. */
function exportBatch(database: Db, conditions: SQL[], cursor: Cursor | undefined) {
  return database
    .select({
      id: subscribers.id,
      email: subscribers.email,
      name: subscribers.name,
      phone: subscribers.phone,
      company: subscribers.company,
      address: subscribers.address,
      street: subscribers.street,
      city: subscribers.city,
      state: subscribers.state,
      zipCode: subscribers.zipCode,
      country: subscribers.country,
      isActive: subscribers.isActive,
      discountCodeSent: subscribers.discountCodeSent,
      discountCodeUsed: subscribers.discountCodeUsed,
      subscribedAt: subscribers.subscribedAt,
      unsubscribedAt: subscribers.unsubscribedAt,
      consentPageUrl: subscribers.consentPageUrl,
      consentIp: subscribers.consentIp,
      consentedAt: subscribers.consentedAt,
      consentVersion: subscribers.consentVersion,
      consentText: consentTexts.text,
      suppression: subscribers.suppression,
      suppressionReason: subscribers.suppressionReason,
      suppressedAt: subscribers.suppressedAt,
      firstName: subscribers.firstName,
      birthday: birthdayCell,
      phoneConsentedAt: subscribers.phoneConsentedAt,
      sortKey,
    })
    .from(subscribers)
    .leftJoin(consentTexts, consentTextOf)
    .where(and(...conditions, ...(cursor ? [afterCursor(cursor)] : [])))
    .orderBy(desc(subscribers.subscribedAt), desc(subscribers.id))
    .limit(EXPORT_BATCH);
}

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number];

/** The export in keyset batches, each turned into CSV here (PGlite's path). */
export async function* keysetCsv(conditions: SQL[], database: Db): AsyncGenerator<string> {
  yield `${BYTE_ORDER_MARK}${csvRow(CSV_HEADER)}`;
  let cursor: Cursor | undefined;
  for (;;) {
    const batch = await exportBatch(database, conditions, cursor);
    if (batch.length > 0) yield batch.map(csvRecord).join("");
    const last = batch.at(-1);
    if (!last || batch.length < EXPORT_BATCH) return;
    cursor = { at: last.sortKey, id: last.id };
  }
}

/** The "Email Status" column: whether mail still goes to the address (docs/decisions/173). */
const EMAIL_STATUS = { deliverable: "Deliverable", bounced: "Bounced", complained: "Complained" } as const;

function csvRecord(row: ExportRow): string {
  return csvRow([
    row.id,
    row.email,
    row.name,
    row.phone,
    row.company,
    row.address,
    row.street,
    row.city,
    row.state,
    row.zipCode,
    row.country,
    row.isActive ? "Active" : "Unsubscribed",
    EMAIL_STATUS[row.suppression ?? "deliverable"],
    row.suppressionReason,
    row.suppressedAt,
    row.discountCodeSent,
    row.discountCodeUsed ? "Yes" : "No",
    row.subscribedAt,
    row.unsubscribedAt,
    row.consentPageUrl,
    row.consentIp,
    row.consentedAt,
    row.consentVersion,
    row.consentText,
    row.firstName,
    row.birthday as string | null,
    row.phoneConsentedAt,
  ]);
}
