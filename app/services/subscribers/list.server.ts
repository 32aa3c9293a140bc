import { and, count, desc, eq, not, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { emailSends, storeCounters, subscriberImports, subscribers } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import type {
  SubscriberDetail,
  SubscriberFilters,
  SubscriberListQuery,
  SubscriberPage,
} from "~/lib/schemas/subscribers";
import type { ImportVendor } from "~/lib/subscriber-import/vendors";
import { invalid, notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";

/**
 * Counting a date range stops here: an exact total of a million matches would cost more than the page
 * itself. (With no search and no date range the store's counters give the exact total at no cost.)
 */
export const TOTAL_CAP = 10_000;
/**
 * A search's matches are spread over the whole table, and each one counted is a heap page read (the
 * trigram and prefix indexes only point at rows): 10,000 of "garcia" took ~30 ms at a million
 * subscribers, as long as the page itself; 1,000 take a third of that, and "1,000+" is the honest total.
 */
export const SEARCH_TOTAL_CAP = 1_000;
/** Where the previous page ended: the last row's sort key, to the microsecond, and its id. */
export type Cursor = { at: string; id: string };

const ISO_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const invalidCursor = () => invalid("cursor is not valid", { cursor: ["cursor is not valid"] });

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeCursor(value: string): Cursor {
  const [at = "", id = "", ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !ISO_MICROS.test(at) || !isUuid(id) || Number.isNaN(Date.parse(at))) {
    throw invalidCursor();
  }
  return { at, id };
}

/**
 * The sort key as text with microseconds: a JavaScript Date keeps only milliseconds, and a cursor
 * rounded to the millisecond would skip rows subscribed within the same millisecond.
 */
export const sortKey = sql<string>`to_char(${subscribers.subscribedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Trigram indexes need this many characters; a shorter search matches from the start instead. */
const SUBSTRING_SEARCH_MIN_LENGTH = 3;

function isShortSearch(search: string): boolean {
  return search !== "" && [...search].length < SUBSTRING_SEARCH_MIN_LENGTH;
}

/** LIKE treats % and _ as wildcards and \ as the escape: a search for "50%_off" means those characters. */
export function escapeLike(search: string): string {
  return search.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * "garcia" finds the term anywhere in the email or name (trigram indexes). "ga" finds emails and names
 * that start with it (the store's text_pattern_ops indexes): anywhere, one or two letters match most
 * of a large list, and no index can serve that, so each search read the whole store (~0.7 s at a
 * million subscribers).
 */
function likePattern(search: string): string {
  const escaped = escapeLike(search);
  return isShortSearch(search) ? `${escaped}%` : `%${escaped}%`;
}

/** The filters as SQL, all evaluated by the database (and served by the indexes of schema/subscribers.ts). */
export function filterConditions(storeId: string, filters: SubscriberFilters): SQL[] {
  const search = searchCondition(filters.search, subscribers);
  return [...scopeConditions(storeId, filters), ...(search ? [search] : [])];
}

/** Subscribed within the last `days` days (a date range other than "all"). */
function inDateRange(days: Exclude<SubscriberFilters["dateRange"], "all">): SQL {
  return sql`${subscribers.subscribedAt} >= now() - make_interval(days => ${Number(days)}::int)`;
}

/** The store, date range and status filters: every filter but the search. */
function scopeConditions(storeId: string, filters: SubscriberFilters): SQL[] {
  const conditions: SQL[] = [eq(subscribers.storeId, storeId)];
  if (filters.dateRange !== "all") conditions.push(inDateRange(filters.dateRange));
  if (filters.status !== "all") conditions.push(eq(subscribers.isActive, filters.status === "active"));
  return conditions;
}

/** The search on the email and name columns given (the table's, or a subquery's); none when empty. */
export function searchCondition(
  search: string,
  columns: { email: AnyPgColumn; name: AnyPgColumn },
): SQL | undefined {
  if (!search) return undefined;
  // lower(column) matches the trigram indexes; lower() on both sides keeps one case rule (the database's).
  const pattern = likePattern(search);
  return or(
    sql`lower(${columns.email}) like lower(${pattern})`,
    sql`lower(${columns.name}) like lower(${pattern})`,
  );
}

/** Rows strictly after the cursor in (subscribed_at desc, id desc) order: inserts never shift a page. */
export function afterCursor(cursor: Cursor): SQL {
  return sql`(${subscribers.subscribedAt}, ${subscribers.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

const listColumns = {
  id: subscribers.id,
  email: subscribers.email,
  name: subscribers.name,
  firstName: subscribers.firstName,
  isActive: subscribers.isActive,
  discountCodeSent: subscribers.discountCodeSent,
  discountCodeUsed: subscribers.discountCodeUsed,
  subscribedAt: subscribers.subscribedAt,
  unsubscribedAt: subscribers.unsubscribedAt,
  suppression: subscribers.suppression,
  suppressionReason: subscribers.suppressionReason,
  suppressedAt: subscribers.suppressedAt,
  // One lookup of the (subscriber, kind) index per row shown. Written out: in a select list Drizzle leaves
  // columns unqualified, where "id" would be the send's own.
  welcomeHeld:
    sql<boolean>`exists (select 1 from email_sends held where held.subscriber_id = "subscribers"."id"
    and held.kind = 'welcome' and held.status = 'held')`.as("welcome_held"),
};

/** One page of a store's subscribers, newest first, with the filters applied. */
export async function listSubscribers(
  actor: Actor,
  storeId: string,
  query: SubscriberListQuery,
): Promise<SubscriberPage> {
  authorize(actor, "view_subscribers");
  const store = await requireStore(actor, storeId);
  const filters = filterConditions(store.id, query);
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const after = cursor ? [afterCursor(cursor)] : [];
  const [rows, total, [unused]] = await Promise.all([
    query.search && !isShortSearch(query.search)
      ? searchPage(store.id, query, after)
      : listPage([...filters, ...after], query.limit),
    matchingTotal(store.id, query, filters),
    db()
      .select({ value: sql<boolean>`true` })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.storeId, store.id),
          sql`${subscribers.discountCodeSent} is not null and ${subscribers.discountCodeUsed} = false`,
        ),
      )
      .limit(1),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const filtered = filters.length > 1;
  return {
    subscribers: page.map(({ sortKey: _key, ...row }) => row),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.sortKey, id: last.id }) : null,
    total: total.value,
    totalIsCapped: total.capped,
    hasUnusedCodes: unused !== undefined,
    hasSubscribers: total.value > 0 || (filtered && (await storeHasSubscribers(store.id))),
  };
}

/** One page (and one row more, to tell whether another follows) of the rows matching `conditions`. */
function listPage(conditions: SQL[], limit: number) {
  return db()
    .select({ ...listColumns, sortKey })
    .from(subscribers)
    .where(and(...conditions))
    .orderBy(desc(subscribers.subscribedAt), desc(subscribers.id))
    .limit(limit + 1);
}

/**
 * The newest rows a search looks through first. A common term ("garcia", 1 % of a list) finds a page
 * among them by walking the list's index in order, in a few ms; through the trigram index it read
 * every match (10,000 heap pages) to sort them (~20 ms at a million subscribers). A rarer term finds
 * too few here and is looked up through the indexes, which are quick for few matches (the walk costs
 * it ~5 ms). A 1–2 letter search is a prefix match, whose btree indexes already find a page quickly.
 */
const SEARCH_WINDOW = 10_000;

/** A search's page from the newest SEARCH_WINDOW rows in the scope, or the whole scope's when they hold too few matches. */
async function searchPage(storeId: string, query: SubscriberListQuery, after: SQL[]) {
  const recent = db()
    .select({ ...listColumns, sortKey: sortKey.as("sort_key") })
    .from(subscribers)
    .where(and(...scopeConditions(storeId, query), ...after))
    .orderBy(desc(subscribers.subscribedAt), desc(subscribers.id))
    .limit(SEARCH_WINDOW)
    .as("recent");
  const found = await db()
    .select()
    .from(recent)
    .where(searchCondition(query.search, recent))
    .orderBy(desc(recent.subscribedAt), desc(recent.id))
    .limit(query.limit + 1);
  if (found.length > query.limit) return found;
  return listPage([...filterConditions(storeId, query), ...after], query.limit);
}

/**
 * How many subscribers match: exact from the store's counters when they tell it (every subscriber,
 * the active or the unsubscribed ones: counting 10,000 unsubscribed ones read 100,000 index entries,
 * ~45 ms at a million), otherwise counted up to a cap. A date range past the cap is the status's total
 * less the subscribers before the range, when those are under the cap: after an import of 100,000 "last
 * 30 days" says 100,000, as "All time" does, rather than "10,000+" (docs/decisions/112).
 */
async function matchingTotal(
  storeId: string,
  query: SubscriberFilters,
  filters: SQL[],
): Promise<{ value: number; capped: boolean }> {
  if (!query.search && query.dateRange === "all")
    return { value: await statusTotal(storeId, query), capped: false };
  const counted = await countUpToCap(query, filters);
  if (!counted.capped || query.search || query.dateRange === "all") return counted;
  const before = await countUpToCap(query, [
    ...filterConditions(storeId, { ...query, dateRange: "all" }),
    not(inDateRange(query.dateRange)),
  ]);
  return before.capped
    ? counted
    : { value: (await statusTotal(storeId, query)) - before.value, capped: false };
}

/** The store's subscribers of the query's status (all, active or unsubscribed), from its counters. */
async function statusTotal(storeId: string, query: SubscriberFilters): Promise<number> {
  const [figures] = await db()
    .select({
      all: sql<number>`coalesce(sum(${storeCounters.subscribers}), 0)`.mapWith(Number),
      active: sql<number>`coalesce(sum(${storeCounters.activeSubscribers}), 0)`.mapWith(Number),
    })
    .from(storeCounters)
    .where(eq(storeCounters.storeId, storeId));
  const { all = 0, active = 0 } = figures ?? {};
  return { all, active, unsubscribed: all - active }[query.status];
}

/** The rows matching `filters`, counted up to the cap (a search's or a date range's). */
async function countUpToCap(
  query: SubscriberFilters,
  filters: SQL[],
): Promise<{ value: number; capped: boolean }> {
  const cap = query.search ? SEARCH_TOTAL_CAP : TOTAL_CAP;
  const matching = db()
    .select({ one: sql`1`.as("one") })
    .from(subscribers)
    .where(and(...filters))
    .$dynamic();
  // Counted in list order, through the (store, subscribed_at) index: new subscribers sit at the end
  // of the table, and a "last 30 days" count the planner turned into a sequential scan read most of
  // the table before it found them. A search keeps its trigram bitmap, which is cheaper.
  const capped = (
    query.search ? matching : matching.orderBy(desc(subscribers.subscribedAt), desc(subscribers.id))
  ).limit(cap + 1);
  const [counted] = await db().select({ value: count() }).from(capped.as("capped"));
  const value = counted?.value ?? 0;
  return { value: Math.min(value, cap), capped: value > cap };
}

async function storeHasSubscribers(storeId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId))
    .limit(1);
  return row !== undefined;
}

const isHeldWelcome = (email: { kind: string; status: string }) =>
  email.kind === "welcome" && email.status === "held";

/** Every captured field of one subscriber of the store, with its consent record; 404 otherwise. */
export async function getSubscriber(actor: Actor, storeId: string, id: string): Promise<SubscriberDetail> {
  authorize(actor, "view_subscribers");
  const store = await requireStore(actor, storeId);
  if (!isUuid(id)) throw notFound("Subscriber not found");
  const [row] = await db()
    .select()
    .from(subscribers)
    .where(and(eq(subscribers.storeId, store.id), eq(subscribers.id, id)));
  if (!row) throw notFound("Subscriber not found");
  const { storeId: _store, importId, softBounces: _softBounces, ...subscriber } = row;
  const [importFile] = importId
    ? await db()
        .select({ fileName: subscriberImports.fileName, vendor: subscriberImports.vendor })
        .from(subscriberImports)
        .where(eq(subscriberImports.id, importId))
    : [];
  const emails = await db()
    .select({
      kind: emailSends.kind,
      status: emailSends.status,
      error: emailSends.error,
      createdAt: emailSends.createdAt,
      sentAt: emailSends.sentAt,
    })
    .from(emailSends)
    .where(eq(emailSends.subscriberId, row.id))
    .orderBy(emailSends.createdAt);
  return {
    ...subscriber,
    importFile: importFile
      ? { fileName: importFile.fileName, vendor: importFile.vendor as ImportVendor }
      : null,
    welcomeHeld: emails.some(isHeldWelcome),
    emails,
  };
}

/** Deletes one subscriber of the store (its sends and tracked clicks cascade); 404 for any other id. */
export async function deleteSubscriber(actor: Actor, storeId: string, id: string): Promise<void> {
  authorize(actor, "manage_subscribers");
  const store = await requireStore(actor, storeId);
  if (!isUuid(id)) throw notFound("Subscriber not found");
  const deleted = await db()
    .delete(subscribers)
    .where(and(eq(subscribers.storeId, store.id), eq(subscribers.id, id)))
    .returning({ id: subscribers.id });
  if (deleted.length === 0) throw notFound("Subscriber not found");
}
