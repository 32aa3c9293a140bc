import { Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { namedQuery, planOnceDb } from "~/db/client.server";
import { pendingWelcomes } from "~/services/email/welcome-outbox.server";
import { type OptionalField, optionalFieldNames } from "../../../popup/config";
import { type EarlierAddress, earlierOfRow, type InboxValue, otherAddressOfInbox } from "./same-inbox.server";

/**
 * Storefront subscriptions are written in batches (docs/decisions/205): those that reach the database in the
 * same turn of the event loop share one statement, so a burst costs one round trip, one plan's start, one
 * trigger call and one commit instead of one each. A lone subscription is a batch of one.
 */

/** One subscription's row, with what the statement needs to decide its welcome email and its variant's day. */
export type SubscriptionRow = Record<OptionalField, string | null> & {
  storeId: string;
  email: string;
  sessionId: string | null;
  language: string | null;
  popupId: string;
  variantId: string | null;
  discountCodeSent: string | null;
  wheelDraw: unknown;
  consentPageUrl: string | null;
  consentIp: string;
  consentUserAgent: string;
  consentVersion: string;
  confirmationRequired: boolean;
  countedForVariant: boolean;
  /** The store writes welcome emails to the outbox (after-subscribe.server.ts). */
  welcomeIfFirst: boolean;
} & Record<Exclude<InboxValue, "storeId">, string | boolean>;

/** A row the statement stored, with the inbox's other address it found on the list (same-inbox.server.ts). */
export type InsertedSubscription = { id: string; discountCodeSent: string | null; earlier?: EarlierAddress };

/** The SQL type of each field of a row, in the order of the recordset the statement reads. */
const ROW_TYPES: [keyof SubscriptionRow, string][] = [
  ["storeId", "uuid"],
  ["email", "text"],
  ...optionalFieldNames.map((field): [OptionalField, string] => [field, "text"]),
  ["sessionId", "text"],
  ["language", "text"],
  ["popupId", "uuid"],
  ["variantId", "text"],
  ["discountCodeSent", "text"],
  ["wheelDraw", "jsonb"],
  ["consentPageUrl", "text"],
  ["consentIp", "text"],
  ["consentUserAgent", "text"],
  ["consentVersion", "text"],
  ["confirmationRequired", "boolean"],
  ["countedForVariant", "boolean"],
  ["welcomeIfFirst", "boolean"],
  ["lowerEmail", "text"],
  ["inbox", "text"],
  ["tagged", "text"],
  ["taggedFrom", "text"],
  ["taggedTo", "text"],
  ["holdsInboxClaim", "boolean"],
];
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const INSERTED_COLUMNS = [
  "store_id",
  "email",
  ...optionalFieldNames.map(snake),
  "session_id",
  "language",
  "popup_id",
  "variant_id",
  "discount_code_sent",
  "wheel_draw",
  "consent_page_url",
  "consent_ip",
  "consent_user_agent",
  "consent_version",
  "confirmation_required",
].join(", ");

/**
 * The statement, for the rows of `$1` (a JSON array, `ord` each row's index): each row's inbox lookup (laterally,
 * on the list as the statement found it), the new subscribers (a conflicting address is skipped: it is not
 * new), their welcome emails where the row holds its inbox's claim and found no other address, and one
 * update per variant and UTC day of the A/B counts. Rows are inserted in (store, address) order, so two
 * batches waiting on each other's addresses always wait in the same order and cannot deadlock.
 */
function statementText(): { text: string; constants: unknown[] } {
  const recordset = ROW_TYPES.map(([name, type]) => `${snake(name)} ${type}`).join(", ");
  const inputColumn = (name: InboxValue) => sql.raw(`input.${snake(name)}`);
  const other = otherAddressOfInbox(planOnceDb(), inputColumn);
  const statement: SQL = sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder("rows")}::jsonb) as input(ord int, ${sql.raw(recordset)})
    ), earlier as (
      select input.ord, other.* from input cross join lateral (${other}) as other
    ), created as (
      insert into subscribers (${sql.raw(INSERTED_COLUMNS)})
      select ${sql.raw(INSERTED_COLUMNS)} from input order by store_id, lower_email
      on conflict do nothing
      returning id, store_id, email, discount_code_sent
    ), stored as (
      select created.*, input.ord, input.popup_id, input.variant_id, input.counted_for_variant,
        input.welcome_if_first, input.holds_inbox_claim
      from created join input on input.store_id = created.store_id and input.email = created.email
    ), welcome_queued as (
      ${pendingWelcomes(
        "stored",
        sql`stored.welcome_if_first and stored.holds_inbox_claim
          and not exists (select 1 from earlier where earlier.ord = stored.ord)`,
      )}
    ), variant_counted as (
      insert into popup_variant_days as counts (popup_id, variant_id, day, subscribers, subscribers_not_counted)
      select popup_id, variant_id, (now() at time zone 'utc')::date,
        count(*) filter (where counted_for_variant), count(*) filter (where not counted_for_variant)
      from stored where variant_id is not null
      group by popup_id, variant_id order by popup_id, variant_id
      on conflict (popup_id, variant_id, day) do update set
        subscribers = counts.subscribers + excluded.subscribers,
        subscribers_not_counted = counts.subscribers_not_counted + excluded.subscribers_not_counted
    )
    select stored.ord, stored.id, stored.discount_code_sent,
      earlier.id as earlier_id, earlier.email as earlier_email,
      earlier.confirmation_required as earlier_confirmation_required, earlier.confirmed_at as earlier_confirmed_at,
      earlier.is_active as earlier_is_active, earlier.unsubscribed_at as earlier_unsubscribed_at,
      earlier.consented_at as earlier_consented_at, earlier.has_own_email as earlier_has_own_email
    from stored left join earlier on earlier.ord = stored.ord`;
  const query = new PgDialect({ casing: "snake_case" }).sqlToQuery(statement);
  return { text: query.sql, constants: query.params };
}

/**
 * A value as PostgreSQL's jsonb takes it: a lone surrogate (which JSON writes as an escape jsonb refuses) as
 * U+FFFD, as a text parameter's UTF-8 encoding has it.
 */
const readable = (value: unknown) => (typeof value === "string" ? value.toWellFormed() : (value ?? null));

const STATEMENT_NAME = "subscribe_insert_batch";
let compiled: ReturnType<typeof statementText> | undefined;

/** Stores the rows in one statement; the stored ones by their index in `rows` (a missing index: not new). */
export async function insertSubscriptions(
  rows: SubscriptionRow[],
): Promise<Map<number, InsertedSubscription>> {
  compiled ??= statementText();
  const records = JSON.stringify(
    rows.map((row, ord) => ({
      ord,
      ...Object.fromEntries(ROW_TYPES.map(([name]) => [snake(name), readable(row[name])])),
    })),
  );
  const values = compiled.constants.map((value) => (value instanceof Placeholder ? records : value));
  const stored = await namedQuery(STATEMENT_NAME, compiled.text, values);
  return new Map(
    stored.map((row) => [
      row.ord as number,
      {
        id: row.id as string,
        discountCodeSent: row.discount_code_sent as string | null,
        earlier: earlierOfRow(row),
      },
    ]),
  );
}

/** The statement's text, for a test to read its plan. */
export function subscriptionInsertText(): { text: string; constants: unknown[] } {
  compiled ??= statementText();
  return compiled;
}
