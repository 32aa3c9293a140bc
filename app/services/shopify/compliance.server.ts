import { and, asc, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import { type Db, db } from "~/db/client.server";
import {
  campaignSends,
  campaigns,
  emailSends,
  flowRuns,
  offerDiscounts,
  orderAttributions,
  organizations,
  popupConfigs,
  shopifySessions,
  stores,
  subscribers,
  users,
  webhookEvents,
} from "~/db/schema";
import { logger } from "~/server/logger.server";
import { clicksOfAddresses, forgetClicksOfAddresses } from "~/services/email/click-tracking.server";
import { sendSystemMail } from "~/services/email/system-mailer.server";
import { customerDataRequestMail } from "~/services/notifications/messages.server";
import type { StoreRow } from "~/services/stores/crud.server";
import { forgetPublicConfig } from "~/services/stores/public-config-cache.server";
import { withShopify } from "./connection.server";
import { removeCodesFromShopify } from "./offer-discounts.server";

/**
 * The customer a compliance webhook names: Shopify's numeric id, their email (null for phone-only customers) and
 * the Admin API ids of the orders the request names.
 */
export type ShopCustomer = { id: number | null; email: string | null; orders: string[] };

async function storeOfShop(shopDomain: string) {
  const [store] = await db().select().from(stores).where(eq(stores.shopifyDomain, shopDomain));
  return store;
}

/** The customer's subscriber rows in one store: by email (any case) or by the customer id consent sync stored. */
function matchesCustomer(storeId: string, customer: ShopCustomer): SQL | undefined {
  const ways = [
    customer.email ? sql`lower(${subscribers.email}) = ${customer.email.toLowerCase()}` : undefined,
    customer.id ? eq(subscribers.shopifyCustomerId, `gid://shopify/Customer/${customer.id}`) : undefined,
  ].filter((way): way is SQL => way !== undefined);
  if (ways.length === 0) return undefined;
  return and(eq(subscribers.storeId, storeId), or(...ways));
}

/** Every address the customer is known by in the store, lower-cased (click rows are keyed by address). */
function addressesOf(customer: ShopCustomer, rows: { email: string }[]): string[] {
  const all = [customer.email, ...rows.map((row) => row.email)].filter((email): email is string => !!email);
  return [...new Set(all.map((email) => email.toLowerCase()))];
}

/** Attributed orders of the store placed with these subscribers' codes or named by Shopify; undefined for none. */
function attributedOrdersMatching(storeId: string, orderIds: string[], subscriberIds: string[]) {
  const ways = [
    orderIds.length > 0 ? inArray(orderAttributions.orderId, orderIds) : undefined,
    subscriberIds.length > 0 ? inArray(orderAttributions.subscriberId, subscriberIds) : undefined,
  ].filter((way): way is SQL => way !== undefined);
  return ways.length > 0 ? and(eq(orderAttributions.storeId, storeId), or(...ways)) : undefined;
}

/**
 * The customer's orders stay in the popups' revenue (total, currency, date, code) under an id of the app's own,
 * without their subscriber: nothing left leads back to the Shopify order or to the person.
 */
async function unlinkOrders(tx: Db, storeId: string, orderIds: string[], subscriberIds: string[]) {
  const orders = attributedOrdersMatching(storeId, orderIds, subscriberIds);
  if (!orders) return;
  await tx
    .update(orderAttributions)
    .set({ orderId: sql`'redacted:' || gen_random_uuid()`, subscriberId: null })
    .where(orders);
}

/**
 * customers/redact: the customer is erased from the shop's store only: their subscriber rows (with the consent
 * record and codes), the emails sent to them (cascade) and the click tracking of those emails. Orders placed with
 * their code, or named in `orders_to_redact`, stay in the popup's revenue unlinked (unlinkOrders); the code they
 * used then names nobody, since the subscriber row and the emails that carried it are gone.
 */
export async function redactCustomer(shopDomain: string, customer: ShopCustomer): Promise<number> {
  const store = await storeOfShop(shopDomain);
  if (!store) return 0;
  const match = matchesCustomer(store.id, customer);
  const erased = await db().transaction(async (tx) => {
    const rows = match
      ? await tx
          .select({ id: subscribers.id, email: subscribers.email, code: subscribers.discountCodeSent })
          .from(subscribers)
          .where(match)
      : [];
    const ids = rows.map((row) => row.id);
    await unlinkOrders(tx, store.id, customer.orders, ids);
    await forgetClicksOfAddresses(store.id, addressesOf(customer, rows), tx);
    if (ids.length > 0) {
      // Their campaign messages stay in the campaigns' counts, without them: a server's refusal may quote the address.
      await tx.update(campaignSends).set({ error: null }).where(inArray(campaignSends.subscriberId, ids));
      await tx.delete(subscribers).where(inArray(subscribers.id, ids));
    }
    return rows;
  });
  await removeCodesOf(store, erased);
  return erased.length;
}

/**
 * The erased subscribers' own codes leave Shopify too, after their data here is gone: a store that is no
 * longer connected, or a refusal, is logged and does not undo the erasure (the codes name no one any more).
 */
async function removeCodesOf(store: StoreRow, rows: { email: string; code: string | null }[]) {
  const withCodes = rows.filter((row) => row.code !== null);
  if (withCodes.length === 0 || !store.isConnected) return;
  try {
    await withShopify(store, async (credentials) => {
      for (const row of withCodes)
        await removeCodesFromShopify(credentials, { email: row.email, codes: [row.code ?? ""] });
    });
  } catch (error) {
    logger().warn(
      { storeId: store.id, err: error },
      "a redacted customer's code could not be removed from Shopify",
    );
  }
}

/**
 * shop/redact (48 hours after uninstall): what the app holds for the shop is erased: its Shopify sessions and
 * the record of its webhook deliveries, and then its store. A store the shop's install created is deleted with
 * everything under it (popups, templates, SMTP settings, subscribers, sends, clicks), and so is its
 * organization when that has no other store and was made by this install (its users go with it). A store
 * linked to the shop afterwards (Connect with Shopify) is the organization's: it loses only what the shop sent
 * (unlinkRedactedShop) and stays, with its subscribers, in its organization (docs/decisions/207).
 */
export async function redactShop(shopDomain: string): Promise<void> {
  const unlinked = await db().transaction(async (tx) => {
    await tx.delete(shopifySessions).where(eq(shopifySessions.shop, shopDomain));
    await tx.delete(webhookEvents).where(eq(webhookEvents.shop, shopDomain));
    const [store] = await tx
      .select({
        id: stores.id,
        organizationId: stores.organizationId,
        createdByShop: stores.createdByShop,
      })
      .from(stores)
      .where(eq(stores.shopifyDomain, shopDomain))
      .for("update");
    if (!store) return null;
    if (store.createdByShop !== shopDomain) {
      await unlinkRedactedShop(tx, store.id);
      return store.id;
    }
    await tx.delete(stores).where(eq(stores.id, store.id));
    const [remaining] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.organizationId, store.organizationId))
      .limit(1);
    if (!remaining)
      await tx
        .delete(organizations)
        .where(and(eq(organizations.id, store.organizationId), eq(organizations.createdByShop, shopDomain)));
    return null;
  });
  if (unlinked) {
    forgetPublicConfig(unlinked);
    logger().info({ shop: shopDomain, storeId: unlinked }, "shop/redact: the linked store lost its shop");
  }
}

/**
 * A linked store's shop/redact: what came from the shop is erased and the store is unlinked, its own list and
 * settings stay. Erased: the orders the shop reported (revenue attribution), its abandoned checkouts (their
 * flow runs with the checkout token and recovery link, and those runs' emails and clicks), what Shopify said
 * of each subscriber (the synced customer id, "code used", a code Shopify was still to confirm or refused)
 * and of the popups' codes (the offers' Shopify discounts, whether the codes exist there), and the link itself
 * (the shop's domain and access token, consent sync, which also ends Shopify's welcome, the app embed's last
 * sighting). The store's subscribers, consent records, codes they were sent, emails, clicks, popups,
 * flows, campaigns and settings stay.
 */
async function unlinkRedactedShop(tx: Db, storeId: string): Promise<void> {
  await tx.delete(orderAttributions).where(eq(orderAttributions.storeId, storeId));
  await tx.delete(flowRuns).where(and(eq(flowRuns.storeId, storeId), ne(flowRuns.triggerKey, "")));
  await tx
    .delete(offerDiscounts)
    .where(
      inArray(
        offerDiscounts.popupId,
        tx.select({ id: popupConfigs.id }).from(popupConfigs).where(eq(popupConfigs.storeId, storeId)),
      ),
    );
  await tx
    .update(popupConfigs)
    .set({ discountCodeInShopify: null, discountCodeCheckedAt: null, wheelCodesNotInShopify: null })
    .where(eq(popupConfigs.storeId, storeId));
  await tx
    .update(subscribers)
    .set({
      shopifyCustomerId: null,
      discountCodeUsed: false,
      pendingDiscountCode: null,
      pendingCodeCreationId: null,
      discountCodeError: null,
    })
    .where(
      and(
        eq(subscribers.storeId, storeId),
        or(
          isNotNull(subscribers.shopifyCustomerId),
          eq(subscribers.discountCodeUsed, true),
          isNotNull(subscribers.pendingDiscountCode),
          isNotNull(subscribers.pendingCodeCreationId),
          isNotNull(subscribers.discountCodeError),
        ),
      ),
    );
  await tx
    .update(stores)
    .set({
      shopifyDomain: null,
      shopifyAccessToken: null,
      isConnected: false,
      shopifyRefusedAt: null,
      consentSyncEnabled: false,
      appEmbedSeenAt: null,
      updatedAt: new Date(),
    })
    .where(eq(stores.id, storeId));
}

/** The customer's attributed orders: placed with a code their subscriber rows were sent, or named by Shopify. */
async function attributedOrdersOf(storeId: string, orderIds: string[], subscriberIds: string[]) {
  const where = attributedOrdersMatching(storeId, orderIds, subscriberIds);
  if (!where) return [];
  return db()
    .select({
      subscriberId: orderAttributions.subscriberId,
      orderId: orderAttributions.orderId,
      code: orderAttributions.code,
      total: orderAttributions.total,
      currency: orderAttributions.currency,
      orderedAt: orderAttributions.orderedAt,
    })
    .from(orderAttributions)
    .where(where)
    .orderBy(asc(orderAttributions.orderedAt));
}

/**
 * Everything held about the customer in the store: subscriber rows, the emails and campaign messages sent
 * and their clicks, and the orders attributed to them; apart, the orders Shopify named that no row of theirs
 * leads to (placed with a popup's shared code, or with somebody else's code).
 */
async function customerRecords(storeId: string, customer: ShopCustomer, match: SQL | undefined) {
  const rows = match ? await db().select().from(subscribers).where(match) : [];
  const ids = rows.map((row) => row.id);
  const sends = ids.length
    ? await db()
        .select({
          subscriberId: emailSends.subscriberId,
          kind: emailSends.kind,
          status: emailSends.status,
          sentAt: emailSends.sentAt,
        })
        .from(emailSends)
        .where(inArray(emailSends.subscriberId, ids))
    : [];
  const campaignMessages = ids.length
    ? await db()
        .select({
          subscriberId: campaignSends.subscriberId,
          campaign: campaigns.name,
          status: campaignSends.status,
          sentAt: campaignSends.sentAt,
          unsubscribedAt: campaignSends.unsubscribedAt,
        })
        .from(campaignSends)
        .innerJoin(campaigns, eq(campaigns.id, campaignSends.campaignId))
        .where(inArray(campaignSends.subscriberId, ids))
    : [];
  const orders = await attributedOrdersOf(storeId, customer.orders, ids);
  const clicks = await clicksOfAddresses(storeId, addressesOf(customer, rows));
  const withoutSubscriber = ({ subscriberId: _subscriber, ...order }: (typeof orders)[number]) => order;
  const records = rows.map((row) => ({
    ...row,
    emailsSent: sends.filter((send) => send.subscriberId === row.id),
    campaignMessages: campaignMessages
      .filter((message) => message.subscriberId === row.id)
      .map(({ subscriberId: _subscriber, ...message }) => message),
    linkClicks: clicks.filter((click) => click.subscriberEmail.toLowerCase() === row.email.toLowerCase()),
    attributedOrders: orders.filter((order) => order.subscriberId === row.id).map(withoutSubscriber),
  }));
  const namedOrders = orders
    .filter((order) => order.subscriberId === null || !ids.includes(order.subscriberId))
    .map(withoutSubscriber);
  return { records, namedOrders };
}

/**
 * customers/data_request: Shopify asks the merchant, not the app, to answer the customer. The app mails what
 * it holds about the customer in that shop's store to the administrators of the store's organization.
 */
export async function reportCustomerData(shopDomain: string, customer: ShopCustomer): Promise<number> {
  const store = await storeOfShop(shopDomain);
  if (!store) {
    logger().warn({ shop: shopDomain }, "data request for a shop without a store: nothing to report");
    return 0;
  }
  const { records, namedOrders } = await customerRecords(
    store.id,
    customer,
    matchesCustomer(store.id, customer),
  );
  const admins = await db()
    .select({ email: users.email })
    .from(users)
    .where(
      and(eq(users.organizationId, store.organizationId), eq(users.role, "admin"), eq(users.isActive, true)),
    );
  const label = customer.email ?? `Shopify customer ${customer.id ?? "(no id)"}`;
  for (const admin of admins) {
    await sendSystemMail(customerDataRequestMail(admin.email, shopDomain, label, records, namedOrders));
  }
  return admins.length;
}
