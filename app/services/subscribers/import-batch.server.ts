import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import type { UnsubscribeSource } from "~/lib/schemas/suppression";
import { pendingWelcomes } from "~/services/email/welcome-outbox.server";
import { importedIntoFlows } from "~/services/flows/entry.server";
import { type ImportRow, STORED_FIELD_NAMES, STORED_FIELDS } from "./import-rows.server";

export type BatchTarget = { storeId: string; importId: string; importedAt: Date; welcome: boolean };

/**
 * What a file's row did to an address already on the list (docs/decisions/209): `unsubscribed` it (an opt-out
 * later than its consent, or a consent of unknown time), `subscribed` it (a file's opt-in lifting an earlier
 * import's "not subscribed"), `recorded` an opt-out of one already not subscribed, or `kept` its status.
 */
export type StatusChange = "unsubscribed" | "subscribed" | "recorded" | "kept";

/** What became of one row of a batch. */
export type RowOutcome =
  | { kind: "added" | "notSubscribed" }
  /** Already on the list before this import: `filled` when it gained fields it had empty. */
  | {
      kind: "existing";
      filled: boolean;
      wasActive: boolean;
      change: StatusChange;
      /** Who had made it not subscribed, and when it had consented (before this row). */
      unsubscribeSource: UnsubscribeSource | null;
      consentedAt: Date;
    }
  /** An earlier batch of this import had the address (the file's first row for it wins). */
  | { kind: "repeat" };

const columns = STORED_FIELD_NAMES.map((field) => STORED_FIELDS[field]);
const fills = sql.raw(
  [
    ...columns.map((column) => `${column} = coalesce(nullif(subscribers.${column}, ''), file_row.${column})`),
    "tags = case when subscribers.tags is null and file_row.tags is not null then array(select jsonb_array_elements_text(file_row.tags)) else subscribers.tags end",
  ].join(", "),
);
const fillsSomething = sql.raw(
  [
    ...columns.map(
      (column) => `(nullif(subscribers.${column}, '') is null and file_row.${column} is not null)`,
    ),
    "(subscribers.tags is null and file_row.tags is not null)",
  ].join(" or "),
);
const columnList = sql.raw(columns.join(", "));
const recordType = sql.raw(columns.map((column) => `${column} text`).join(", "));

/**
 * The latest evidence wins (docs/decisions/209), for an address on the list before this import:
 * - a file's opt-out unsubscribes an active address unless it consented after the opt-out's time (a consent
 *   whose time is unknown — an import's without an opt-in time — is older than any opt-out; an opt-out with
 *   no time is as of the import);
 * - on one an import made "not subscribed" without an opt-out, an opt-out is recorded (a later opt-in must
 *   not lift it then);
 * - a file's opt-in subscribes only an address an import made not subscribed: without an opt-out, or after
 *   the opt-out's time; never one who left here (an unsubscribe link, a complaint), nor one awaiting a double
 *   opt-in confirmation, nor on a file without consent (the merchant's word is no opt-in).
 */
const statusChange = sql`case
    when not imported.active and imported.opted_out and subscribers.is_active
      and not (imported.unsubscribed_at is not null and subscribers.consent_time_known
        and imported.unsubscribed_at < subscribers.consented_at) then 'unsubscribed'
    when imported.opted_out and subscribers.unsubscribe_source = 'import_no_consent' then 'recorded'
    when imported.active and imported.import_consent is not null and not subscribers.is_active
      and subscribers.suppression is distinct from 'complained'
      and (subscribers.unsubscribe_source = 'import_no_consent'
        or (subscribers.unsubscribe_source = 'import_opt_out' and imported.consented_at > subscribers.unsubscribed_at))
      then 'subscribed'
    else 'kept' end`;

/** A cleaned address (Mailchimp's bounced) gets no more email: suppressed as bounced, as one of ours would be. */
const cleanedReason = (consent: string) =>
  sql`'Cleaned in the imported file (' || ${sql.raw(consent)} || ')'`;

/**
 * One statement for the batch. A new address is added with the file's consent: active only when the file
 * says it may be mailed, consented at the file's opt-in time (else the import's), from the file's opt-in IP,
 * and the import as its source; not active, it records who made it so (an opt-out of the person, or no
 * consent). An address already there gains the fields it had empty, and its status follows the latest
 * evidence (`statusChange`): the import and the file's words become the evidence of a status it changed. A row
 * this import wrote in an earlier batch is left alone. The welcome email, when asked for, goes to new active
 * addresses only. Answers each row's outcome.
 */
export async function writeBatch(
  tx: Pick<Db, "execute">,
  target: BatchTarget,
  rows: ImportRow[],
): Promise<RowOutcome[]> {
  const records = `[${rows.map(recordOf).join(",")}]`;
  const at = sql`${target.importedAt.toISOString()}::timestamptz`;
  const importId = sql`${target.importId}::uuid`;
  const result = await tx.execute(sql`
    with imported as (
      select * from jsonb_to_recordset(${records}::jsonb) as imported(email text, ${recordType}, tags jsonb,
        active boolean, opted_out boolean, cleaned boolean, import_consent text, consented_at timestamptz,
        consent_ip text, confirmed_at timestamptz, unsubscribed_at timestamptz)
    ), existing as (
      select imported.*, subscribers.id, lower(subscribers.email) as key, subscribers.is_active as was_active,
        subscribers.unsubscribe_source as was_unsubscribed_by, subscribers.consented_at as was_consented_at,
        subscribers.import_id is not distinct from ${importId} as this_import, ${statusChange} as change
      from imported join subscribers on subscribers.store_id = ${target.storeId}::uuid
        and lower(subscribers.email) = lower(imported.email)
    ), updated as (
      update subscribers set ${fills},
        is_active = case file_row.change when 'unsubscribed' then false when 'subscribed' then true
          else subscribers.is_active end,
        unsubscribed_at = case file_row.change when 'subscribed' then null when 'kept' then subscribers.unsubscribed_at
          else coalesce(file_row.unsubscribed_at, ${at}) end,
        unsubscribe_source = case file_row.change when 'subscribed' then null when 'kept' then subscribers.unsubscribe_source
          else 'import_opt_out' end,
        import_id = case when file_row.change = 'kept' then subscribers.import_id else ${importId} end,
        import_consent = case when file_row.change = 'kept' then subscribers.import_consent else file_row.import_consent end,
        source = case when file_row.change = 'subscribed' then 'import' else subscribers.source end,
        consented_at = case when file_row.change = 'subscribed' then coalesce(file_row.consented_at, ${at})
          else subscribers.consented_at end,
        consent_time_known = case when file_row.change = 'subscribed' then file_row.consented_at is not null
          else subscribers.consent_time_known end,
        consent_ip = case when file_row.change = 'subscribed' then file_row.consent_ip else subscribers.consent_ip end,
        confirmation_required = case when file_row.change = 'subscribed' then file_row.confirmed_at is not null
          else subscribers.confirmation_required end,
        confirmed_at = case when file_row.change = 'subscribed' then file_row.confirmed_at else subscribers.confirmed_at end,
        suppression = case when file_row.cleaned and file_row.change in ('unsubscribed', 'recorded')
          then coalesce(subscribers.suppression, 'bounced') else subscribers.suppression end,
        suppression_reason = case when file_row.cleaned and file_row.change in ('unsubscribed', 'recorded')
          and subscribers.suppression is null then ${cleanedReason("file_row.import_consent")}
          else subscribers.suppression_reason end,
        suppressed_at = case when file_row.cleaned and file_row.change in ('unsubscribed', 'recorded')
          and subscribers.suppression is null then coalesce(file_row.unsubscribed_at, ${at}) else subscribers.suppressed_at end
      from existing as file_row
      where subscribers.id = file_row.id and not file_row.this_import and (file_row.change <> 'kept' or (${fillsSomething}))
      returning subscribers.id, lower(subscribers.email) as key
    ), inserted as (
      insert into subscribers (store_id, email, ${columnList}, tags, source, import_id, import_consent, is_active,
        unsubscribed_at, unsubscribe_source, consented_at, consent_time_known, consent_ip, confirmation_required,
        confirmed_at, subscribed_at, suppression, suppression_reason, suppressed_at)
      select ${target.storeId}::uuid, email, ${columnList},
        case when tags is null then null else array(select jsonb_array_elements_text(tags)) end,
        'import', ${importId}, import_consent, active,
        case when active then null else coalesce(unsubscribed_at, ${at}) end,
        case when active then null when opted_out then 'import_opt_out' else 'import_no_consent' end::unsubscribe_source,
        coalesce(consented_at, ${at}), consented_at is not null, consent_ip, confirmed_at is not null, confirmed_at,
        ${at},
        case when cleaned then 'bounced' end::email_suppression,
        case when cleaned then ${cleanedReason("import_consent")} end,
        case when cleaned then coalesce(unsubscribed_at, ${at}) end
      from imported
      where lower(email) not in (select key from existing)
      on conflict (store_id, lower(email)) do nothing
      returning id, store_id, lower(email) as key, is_active
    ), welcomed as (
      ${pendingWelcomes("inserted", sql`is_active and ${target.welcome}::boolean`)}
    ), entered as (
      ${importedIntoFlows(target.storeId, "inserted", sql`is_active and ${target.welcome}::boolean`)}
    )
    select lower(imported.email) as key, existing.key is not null as existed,
      coalesce(existing.was_active, false) as was_active, coalesce(existing.this_import, false) as this_import,
      existing.change, existing.was_unsubscribed_by, existing.was_consented_at,
      updated.key is not null as written, inserted.key is not null as inserted,
      coalesce(inserted.is_active, false) as is_active
    from imported
    left join existing on existing.key = lower(imported.email)
    left join updated on updated.key = lower(imported.email)
    left join inserted on inserted.key = lower(imported.email)
    where not coalesce(inserted.is_active, false)`);
  type Answer = {
    key: string;
    existed: boolean;
    was_active: boolean;
    this_import: boolean;
    change: StatusChange | null;
    was_unsubscribed_by: UnsubscribeSource | null;
    was_consented_at: string | Date | null;
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
    if (answer.inserted) return { kind: answer.is_active ? "added" : "notSubscribed" };
    const change = answer.change ?? "kept";
    return {
      kind: "existing",
      filled: answer.written && change === "kept",
      wasActive: answer.was_active,
      change,
      unsubscribeSource: answer.was_unsubscribed_by,
      consentedAt: new Date(answer.was_consented_at ?? target.importedAt),
    };
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
  if (row.evidence === "optedOut") record.opted_out = true;
  if (row.cleaned) record.cleaned = true;
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
