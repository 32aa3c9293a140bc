import { and, asc, count, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, flowSends, orderAttributions, popupConfigs, stores, subscribers } from "~/db/schema";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";
import type { AttributedOrder } from "~/lib/schemas/webhooks";

type Attribution = Pick<
  typeof orderAttributions.$inferInsert,
  "popupId" | "variantId" | "subscriberId" | "code"
>;

/** The one subscriber who got `code` (upper-cased); a code several got was a shared one and names nobody. */
async function subscriberWithCode(storeId: string, code: string) {
  const matches = await db()
    .select({
      id: subscribers.id,
      code: subscribers.discountCodeSent,
      popupId: popupConfigs.id,
      variantId: subscribers.variantId,
    })
    .from(subscribers)
    .leftJoin(popupConfigs, eq(popupConfigs.id, subscribers.popupId))
    .where(
      and(
        eq(subscribers.storeId, storeId),
        isNotNull(subscribers.discountCodeSent),
        eq(sql`upper(${subscribers.discountCodeSent})`, code),
      ),
    )
    .limit(2);
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * Which popup earned the order: a subscriber's unique code names the subscriber, their popup and variant;
 * otherwise a popup's shared code names that popup (no variant: everybody who saw it got the same code).
 * Codes compare case-insensitively, as Shopify applies them; of several, the first unique one wins. A
 * subscriber whose popup was deleted since still counts for the store, without a popup.
 */
async function attributionOf(storeId: string, codes: string[]): Promise<Attribution | null> {
  const upper = [...new Set(codes.map((code) => code.toUpperCase()))];
  const popups = await db()
    .select({ id: popupConfigs.id, code: popupConfigs.discountCode })
    .from(popupConfigs)
    .where(and(eq(popupConfigs.storeId, storeId), inArray(sql`upper(${popupConfigs.discountCode})`, upper)))
    .orderBy(asc(popupConfigs.priority), asc(popupConfigs.createdAt));
  const sharedCodes = new Set(popups.map((popup) => popup.code.toUpperCase()));
  for (const code of upper.filter((candidate) => !sharedCodes.has(candidate))) {
    const subscriber = await subscriberWithCode(storeId, code);
    if (subscriber?.code)
      return {
        subscriberId: subscriber.id,
        popupId: subscriber.popupId,
        variantId: subscriber.popupId ? subscriber.variantId : null,
        code: subscriber.code,
      };
  }
  const [popup] = popups;
  return popup ? { subscriberId: null, popupId: popup.id, variantId: null, code: popup.code } : null;
}

/**
 * orders/create: records an order that used one of the store's popup codes, with its total and currency.
 * One row per order: a redelivered webhook, or a retried job, finds the row there and adds nothing.
 * Returns whether this call recorded it.
 */
export async function attributeOrder(
  shopDomain: string,
  codes: string[],
  order: AttributedOrder,
): Promise<boolean> {
  if (codes.length === 0) return false;
  const [store] = await db()
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.shopifyDomain, shopDomain));
  if (!store) return false;
  const attribution = await attributionOf(store.id, codes);
  if (!attribution) return false;
  const recorded = await db()
    .insert(orderAttributions)
    .values({
      storeId: store.id,
      orderId: order.orderId,
      total: order.total,
      currency: order.currency,
      orderedAt: new Date(order.orderedAt),
      ...attribution,
    })
    .onConflictDoNothing()
    .returning({ orderId: orderAttributions.orderId });
  return recorded.length > 0;
}

/** Attributed orders matching `where`, per currency (totals summed by PostgreSQL, exact to the cent). */
export async function revenueByCurrency(where: SQL | undefined): Promise<AttributedRevenue[]> {
  return db()
    .select({
      currency: orderAttributions.currency,
      total: sql<string>`sum(${orderAttributions.total})::text`,
      orders: count(),
    })
    .from(orderAttributions)
    .where(where)
    .groupBy(orderAttributions.currency)
    .orderBy(asc(orderAttributions.currency));
}

/** An order counts for a campaign (or a flow) when its subscriber ordered within this long after the message. */
const ATTRIBUTION_WINDOW = "7 days";

/** Every marketing message that reached its subscriber: a campaign's or a flow's. */
const sentMessages = sql`(select subscriber_id, sent_at from ${campaignSends} where status = 'sent'
  union all select subscriber_id, sent_at from ${flowSends} where status = 'sent')`;

/**
 * Orders the messages `touched` (sent rows: subscriber_id, sent_at) led to: their subscriber ordered (with
 * their code, see revenue.server.ts) within the window after a message was delivered, and no later campaign
 * or flow message reached them before the order (the last message touched gets the order, so two campaigns,
 * or a campaign and a flow, never both count it).
 */
export function ordersAfterMessages(touched: SQL): SQL {
  return sql`exists (
      select 1 from (${touched}) as touched
      where touched.subscriber_id = ${orderAttributions.subscriberId}
        and touched.sent_at <= ${orderAttributions.orderedAt}
        and ${orderAttributions.orderedAt} < touched.sent_at + interval '${sql.raw(ATTRIBUTION_WINDOW)}'
        and not exists (
          select 1 from ${sentMessages} as later
          where later.subscriber_id = touched.subscriber_id
            and later.sent_at > touched.sent_at
            and later.sent_at <= ${orderAttributions.orderedAt}
        )
    )`;
}

/**
 * The orders a flow's email was the last message to reach the subscriber before, of the stores, per currency:
 * the dashboard's revenue card shows them.
 */
export function flowEmailRevenue(storeIds: string[]): Promise<AttributedRevenue[]> {
  const touched = sql`select subscriber_id, sent_at from ${flowSends} where status = 'sent'`;
  return revenueByCurrency(and(inArray(orderAttributions.storeId, storeIds), ordersAfterMessages(touched)));
}
