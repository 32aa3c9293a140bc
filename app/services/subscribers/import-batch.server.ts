import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { pendingWelcomes } from "~/services/email/welcome-outbox.server";
import { importedIntoFlows } from "~/services/flows/entry.server";
import { type ImportRow, STORED_FIELD_NAMES, STORED_FIELDS } from "./import-rows.server";

export type BatchTarget = { storeId: string; importId: string; importedAt: Date; welcome: boolean };

/** What became of one row of a batch. */
export type RowOutcome =
  | { kind: "added" | "notSubscribed" }
  /** Already on the list before this import: `filled` when it gained fields it had empty. */
  | { kind: "existing"; filled: boolean; wasActive: boolean }
  /** An earlier batch of this import had the address (the file's first row for it wins). */
  | { kind: "repeat" };

const columns = STORED_FIELD_NAMES.map((field) => STORED_FIELDS[field]);
const fills = sql.raw(
  [
    ...columns.map((column) => `${column} = coalesce(nullif(subscribers.${column}, ''), excluded.${column})`),
    "tags = coalesce(subscribers.tags, excluded.tags)",
  ].join(", "),
);
const fillsSomething = sql.raw(
  [
    ...columns.map(
      (column) => `(nullif(subscribers.${column}, '') is null and excluded.${column} is not null)`,
    ),
    "(subscribers.tags is null and excluded.tags is not null)",
  ].join(" or "),
);
const columnList = sql.raw(columns.join(", "));
const recordType = sql.raw(columns.map((column) => `${column} text`).join(", "));

/**
 * One statement for the batch. A new address is added with the file's consent: active only when the file
 * says it may be mailed, consented at the file's opt-in time (else the import's), from the file's opt-in IP,
 * and the import as its source. An address already there only gains the fields it had empty — its status
 * and consent stay as they are — and a row this import added in an earlier batch is left alone. The
 * welcome email, when asked for, goes to new active addresses only. Answers each row's outcome.
 */
export async function writeBatch(
  tx: Pick<Db, "execute">,
  target: BatchTarget,
  rows: ImportRow[],
): Promise<RowOutcome[]> {
  const records = `[${rows.map(recordOf).join(",")}]`;
  const at = target.importedAt.toISOString();
  const result = await tx.execute(sql`
    with imported as (
      select * from jsonb_to_recordset(${records}::jsonb) as imported(email text, ${recordType}, tags jsonb,
        active boolean, import_consent text, consented_at timestamptz, consent_ip text, confirmed_at timestamptz,
        unsubscribed_at timestamptz)
    ), existing as (
      select lower(email) as key, is_active, import_id is not distinct from ${target.importId}::uuid as this_import
      from subscribers
      where store_id = ${target.storeId}::uuid and lower(email) in (select lower(email) from imported)
    ), upserted as (
      insert into subscribers (store_id, email, ${columnList}, tags, source, import_id, import_consent, is_active,
        unsubscribed_at, consented_at, consent_ip, confirmation_required, confirmed_at, subscribed_at)
      select ${target.storeId}::uuid, email, ${columnList},
        case when tags is null then null else array(select jsonb_array_elements_text(tags)) end,
        'import', ${target.importId}::uuid, import_consent, active,
        case when active then null else coalesce(unsubscribed_at, ${at}::timestamptz) end,
        coalesce(consented_at, ${at}::timestamptz), consent_ip, confirmed_at is not null, confirmed_at,
        ${at}::timestamptz
      from imported
      on conflict (store_id, lower(email)) do update set ${fills}
      where subscribers.import_id is distinct from ${target.importId}::uuid and (${fillsSomething})
      returning id, store_id, lower(email) as key, (xmax = 0) as inserted, is_active
    ), welcomed as (
      ${pendingWelcomes("upserted", sql`inserted and is_active and ${target.welcome}::boolean`)}
    ), entered as (
      ${importedIntoFlows(target.storeId, "upserted", sql`inserted and is_active and ${target.welcome}::boolean`)}
    )
    select lower(imported.email) as key, existing.key is not null as existed,
      coalesce(existing.is_active, false) as was_active, coalesce(existing.this_import, false) as this_import,
      upserted.key is not null as written, coalesce(upserted.inserted, false) as inserted,
      coalesce(upserted.is_active, false) as is_active
    from imported
    left join existing on existing.key = lower(imported.email)
    left join upserted on upserted.key = lower(imported.email)
    where not coalesce(upserted.inserted and upserted.is_active, false)`);
  type Answer = {
    key: string;
    existed: boolean;
    was_active: boolean;
    this_import: boolean;
    written: boolean;
    inserted: boolean;
    is_active: boolean;
  };
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const answers = new Map((result as unknown as { rows: Answer[] }).rows.map((row) => [row.key, row]));
  // Only rows that did not become new active subscribers come back: the usual row costs no answer.
  return rows.map((row): RowOutcome => {
    const answer = answers.get(row.email.toLowerCase());
    if (!answer) return { kind: "added" };
    if (answer.this_import) return { kind: "repeat" };
    if (!answer.existed) return { kind: answer.is_active ? "added" : "notSubscribed" };
    return { kind: "existing", filled: answer.written, wasActive: answer.was_active };
  });
}

/**
 * One row as a JSON record; a key left out reads as null (jsonb_to_recordset), so an empty value costs
 * nothing: a batch's text is garbage the moment the statement is sent, and the smaller the better.
 */
function recordOf(row: ImportRow): string {
  const record: Record<string, unknown> = { email: row.email, active: row.subscribed };
  for (const field of STORED_FIELD_NAMES)
    if (row.fields[field] !== null) record[STORED_FIELDS[field]] = row.fields[field];
  if (row.tags) record.tags = row.tags;
  if (row.consentSaid) record.import_consent = row.consentSaid;
  if (row.optedInAt) record.consented_at = row.optedInAt.toISOString();
  if (row.optedInIp) record.consent_ip = row.optedInIp;
  if (row.confirmedAt) record.confirmed_at = row.confirmedAt.toISOString();
  if (row.optedOutAt) record.unsubscribed_at = row.optedOutAt.toISOString();
  return JSON.stringify(record);
}

/** The batch's report rows (lines of the file that did not become an active subscriber), in one statement. */
export async function writeReport(
  tx: Pick<Db, "execute">,
  importId: string,
  rows: { line: number; email: string; outcome: string; detail: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into subscriber_import_report (import_id, line, email, outcome, detail)
    select ${importId}::uuid, line, email, outcome, detail
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(line int, email text, outcome text, detail text)`);
}
