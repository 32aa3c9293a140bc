import { and, eq, inArray, isNotNull, notInArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs, stores, subscribers } from "~/db/schema";
import { invalid, notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { runAndWait } from "../../../jobs/client";
import { redeemCodeOf, type ShopifyCredentials } from "./admin-api.server";
import { BULK_THRESHOLD, runBulkQuery } from "./bulk-operations.server";
import { withShopify } from "./connection.server";
import { getSyncProgress, type SyncProgress } from "./sync-progress.server";

/** Parallel Admin API calls per sync: Shopify's cost bucket, not the network, is the limit. */
const CONCURRENCY = 4;

/** Subscribers marked used per statement after a bulk read. */
const MARK_BATCH = 1_000;

/** A request waits this long for the sync job; a longer sync goes on and the next click shows its result. */
const WAIT_MS = 25_000;

export type SyncResult = { message: string; updatedCount: number; checked: number };

/** What the button gets: the sync's result, or word that it is still running (it goes on in the queue). */
export type SyncAnswer =
  | { finished: true; result: SyncResult }
  | { finished: false; result: { message: string; updatedCount: 0 } };

/** Refuses early (before queueing) what cannot work: no permission, another tenant, no Shopify connection. */
export async function assertCanSync(actor: Actor, storeId: string): Promise<string> {
  authorize(actor, "manage_subscribers");
  const store = await requireStore(actor, storeId);
  if (!store.isConnected) throw invalid("Connect this store to Shopify (Settings) to sync coupon usage");
  return store.id;
}

/**
 * POST /sync-coupon-usage: runs the sync through the Shopify queue and waits for it, up to WAIT_MS. A sync
 * that takes longer is not an error: the job goes on and its progress can be read meanwhile.
 */
export async function runCouponSync(actor: Actor, storeId: string, waitMs = WAIT_MS): Promise<SyncAnswer> {
  const id = await assertCanSync(actor, storeId);
  try {
    const result = (await runAndWait(
      "shopify",
      { type: "sync-coupon-usage", storeId: id },
      waitMs,
    )) as SyncResult;
    return { finished: true, result };
  } catch (error) {
    // BullMQ's waitUntilFinished gives up with "Job wait … timed out before finishing".
    if (!(error instanceof Error) || !/timed out/i.test(error.message)) throw error;
    return {
      finished: false,
      result: { message: "The sync is still running; check again in a minute", updatedCount: 0 },
    };
  }
}

/** GET /sync-coupon-usage: how far the store's current (or last) sync has got. */
export async function couponSyncProgress(actor: Actor, storeId: string): Promise<SyncProgress> {
  return getSyncProgress(await assertCanSync(actor, storeId));
}

/**
 * The bulk query of every used code discount's redeem codes with their own usage (asyncUsageCount): the
 * discounts' `times_used` filter leaves out those no one used yet. Both kinds the app creates are read
 * (basic for a percentage or an amount, free shipping), three connections in all (Shopify allows five).
 */
const BULK_REDEEM_CODE_USAGE = `#graphql
    query BulkRedeemCodeUsage {
      discountNodes(query: "method:code times_used:>0") {
        edges {
          node {
            id
            discount {
              ... on DiscountCodeBasic { codes { edges { node { code asyncUsageCount } } } }
              ... on DiscountCodeFreeShipping { codes { edges { node { code asyncUsageCount } } } }
            }
          }
        }
      }
    }`;

/** The shop's redeem codes used at least once, upper-cased, from one bulk query. */
async function usedCodesInBulk(credentials: ShopifyCredentials): Promise<Set<string>> {
  const lines = await runBulkQuery(credentials, BULK_REDEEM_CODE_USAGE);
  const used = new Set<string>();
  for (const line of lines) {
    if (typeof line.code === "string" && Number(line.asyncUsageCount) > 0) used.add(line.code.toUpperCase());
  }
  return used;
}

/**
 * Reads each unused unique code's own usage in Shopify (its redeem code's asyncUsageCount) and marks
 * the subscribers whose code was used: one call per code up to BULK_THRESHOLD codes, one bulk query above.
 * The popup's shared code is not checked: one use of it cannot be told apart from another subscriber's.
 */
export async function syncCouponUsage(
  storeId: string,
  onProgress?: (checked: number, total: number) => void,
): Promise<SyncResult> {
  const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
  if (!store) throw notFound("Store not found");
  const sharedCodes = await sharedCodesOf(store.id);
  const pending = await db()
    .select({ id: subscribers.id, code: subscribers.discountCodeSent })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.storeId, storeId),
        eq(subscribers.discountCodeUsed, false),
        isNotNull(subscribers.discountCodeSent),
        notInArray(sql`upper(${subscribers.discountCodeSent})`, sharedCodes),
      ),
    );
  const mark = pending.length > BULK_THRESHOLD ? markInBulk : markOneByOne;
  const { checked, updatedCount } = await mark(store, pending, onProgress);
  const message =
    pending.length === 0
      ? "No unique discount codes are waiting to be used"
      : `Checked ${checked} discount code${checked === 1 ? "" : "s"}: ${updatedCount} newly used`;
  return { message, updatedCount, checked };
}

type Store = typeof stores.$inferSelect;
type PendingCode = { id: string; code: string | null };
type Marked = { checked: number; updatedCount: number };

/** One code at a time, CONCURRENCY in flight, reporting progress after each. */
async function markOneByOne(
  store: Store,
  pending: PendingCode[],
  onProgress?: (checked: number, total: number) => void,
): Promise<Marked> {
  const marked = { checked: 0, updatedCount: 0 };
  const queue = [...pending];
  const work = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const code = next.code ?? "";
      const redeemCode = await withShopify(store, (credentials) => redeemCodeOf(credentials, code));
      if (redeemCode && redeemCode.usage > 0) {
        await db().update(subscribers).set({ discountCodeUsed: true }).where(eq(subscribers.id, next.id));
        marked.updatedCount += 1;
      }
      marked.checked += 1;
      onProgress?.(marked.checked, pending.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pending.length) }, work));
  return marked;
}

/** Every code from one bulk query of the shop's used redeem codes. */
async function markInBulk(
  store: Store,
  pending: PendingCode[],
  onProgress?: (checked: number, total: number) => void,
): Promise<Marked> {
  const used = await withShopify(store, usedCodesInBulk);
  const ids = pending.filter((row) => used.has((row.code ?? "").toUpperCase())).map((row) => row.id);
  for (let start = 0; start < ids.length; start += MARK_BATCH) {
    const batch = ids.slice(start, start + MARK_BATCH);
    await db().update(subscribers).set({ discountCodeUsed: true }).where(inArray(subscribers.id, batch));
  }
  onProgress?.(pending.length, pending.length);
  return { checked: pending.length, updatedCount: ids.length };
}

/** The store's popups' shared codes, upper-cased (Shopify applies codes case-insensitively). */
async function sharedCodesOf(storeId: string): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ code: sql<string>`upper(${popupConfigs.discountCode})` })
    .from(popupConfigs)
    .where(eq(popupConfigs.storeId, storeId));
  return rows.map((row) => row.code);
}

/**
 * orders/create: the subscribers of the ordering shop whose own unique code the order used are marked,
 * without waiting for a sync. The popup's shared code is skipped (it would mark everyone who got it);
 * codes compare case-insensitively, as Shopify applies them.
 */
export async function markCodesUsedInOrder(shopDomain: string, codes: string[]): Promise<number> {
  const [row] = await db()
    .select({ storeId: stores.id })
    .from(stores)
    .where(eq(stores.shopifyDomain, shopDomain));
  if (!row) return 0;
  const sharedCodes = new Set(await sharedCodesOf(row.storeId));
  const used = codes.map((code) => code.toUpperCase()).filter((code) => !sharedCodes.has(code));
  if (used.length === 0) return 0;
  const marked = await db()
    .update(subscribers)
    .set({ discountCodeUsed: true })
    .where(
      and(
        eq(subscribers.storeId, row.storeId),
        eq(subscribers.discountCodeUsed, false),
        inArray(sql`upper(${subscribers.discountCodeSent})`, used),
      ),
    )
    .returning({ id: subscribers.id });
  return marked.length;
}
