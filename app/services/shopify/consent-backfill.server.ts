import { and, asc, count, eq, gt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores, subscribers } from "~/db/schema";
import { isPermanent } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import { ShopifyAuthError, type ShopifyCredentials, ShopifyShopRefusedError } from "./admin-api.server";
import { BULK_THRESHOLD, runBulkMutation, runBulkQuery } from "./bulk-operations.server";
import { withShopify } from "./connection.server";
import { consentOf, pushConsent } from "./consent-sync.server";
import {
  BULK_CUSTOMER_EMAILS,
  CREATE_SUBSCRIBED_CUSTOMER,
  type EmailMarketingConsent,
  UPDATE_EMAIL_CONSENT,
} from "./customers.server";

type StoreRow = typeof stores.$inferSelect;
type BackfillResult = { synced: number; failed: number };

/** Subscribers read per backfill page, and Admin API calls in flight (the shop's cost bucket is the limit). */
const BACKFILL_PAGE = 200;
const CONCURRENCY = 4;

/** The store, while its consent sync is still on (the merchant may turn it off during a backfill). */
async function storeSyncing(storeId: string): Promise<StoreRow | null> {
  const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
  return store?.consentSyncEnabled ? store : null;
}

/**
 * The backfill after the merchant turns sync on: every subscriber of the store, stopping if sync is turned
 * off meanwhile. Up to BULK_THRESHOLD subscribers, one at a time (a lookup, then an update or a creation
 * each); above it, through Shopify's bulk operations. One refused address does not stop the others; a
 * refused token does.
 */
export async function backfillConsent(storeId: string): Promise<BackfillResult> {
  const [size] = await db()
    .select({ subscribers: count() })
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId));
  return (size?.subscribers ?? 0) > BULK_THRESHOLD ? backfillInBulk(storeId) : backfillOneByOne(storeId);
}

async function backfillOneByOne(storeId: string): Promise<BackfillResult> {
  let synced = 0;
  let failed = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const store = await storeSyncing(storeId);
    if (!store) break;
    const page = await db()
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.storeId, storeId), gt(subscribers.id, after)))
      .orderBy(asc(subscribers.id))
      .limit(BACKFILL_PAGE);
    const queue = [...page];
    const work = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        try {
          if (await pushConsent(store, next)) synced += 1;
        } catch (error) {
          // Refusals of the whole shop end the backfill; a refusal of one subscriber only skips them.
          const shopRefused = error instanceof ShopifyAuthError || error instanceof ShopifyShopRefusedError;
          if (!isPermanent(error) || shopRefused) throw error;
          failed += 1;
          logger().warn(
            { storeId, subscriberId: next.id, err: error },
            "consent not synced for a subscriber",
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, page.length) }, work));
    const last = page.at(-1);
    if (!last || page.length < BACKFILL_PAGE) break;
    after = last.id;
  }
  return { synced, failed };
}

type Subscriber = Pick<
  typeof subscribers.$inferSelect,
  | "id"
  | "email"
  | "shopifyCustomerId"
  | "isActive"
  | "unsubscribedAt"
  | "confirmationRequired"
  | "confirmedAt"
  | "consentedAt"
>;

/** One line of a bulk mutation: whose consent it carries, and the consent. */
type Line = { subscriber: Subscriber; consent: EmailMarketingConsent; customerId?: string };

/**
 * The backfill in three bulk operations: a query of the shop's customers (id and email), then one mutation
 * updating the consent of the subscribers who are customers already, then one creating the others
 * (those who unsubscribed are not created just to say so). Each line's answer is applied as the
 * one-by-one backfill would: the customer id kept, a refused line counted and logged.
 */
async function backfillInBulk(storeId: string): Promise<BackfillResult> {
  const store = await storeSyncing(storeId);
  if (!store) return { synced: 0, failed: 0 };
  const rows: Subscriber[] = await db()
    .select({
      id: subscribers.id,
      email: subscribers.email,
      shopifyCustomerId: subscribers.shopifyCustomerId,
      isActive: subscribers.isActive,
      unsubscribedAt: subscribers.unsubscribedAt,
      confirmationRequired: subscribers.confirmationRequired,
      confirmedAt: subscribers.confirmedAt,
      consentedAt: subscribers.consentedAt,
    })
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId))
    .orderBy(asc(subscribers.id));
  return withShopify(store, async (credentials) => {
    const customerIds = await customerIdsByEmail(credentials);
    const updates: Line[] = [];
    const creations: Line[] = [];
    for (const subscriber of rows) {
      const consent = consentOf(subscriber);
      const customerId = customerIds.get(subscriber.email.toLowerCase());
      if (consent && customerId) updates.push({ subscriber, consent, customerId });
      else if (consent?.marketingState === "SUBSCRIBED") creations.push({ subscriber, consent });
    }
    const result = { synced: 0, failed: 0 };
    if (updates.length > 0) {
      const answers = await runBulkMutation(
        credentials,
        UPDATE_EMAIL_CONSENT,
        updates.map(({ consent, customerId = "" }) => ({
          input: { customerId, emailMarketingConsent: consent },
        })),
      );
      for (const { lineNumber, data } of answers) {
        const payload = data?.customerEmailMarketingConsentUpdate;
        await applyLine(storeId, updates[lineNumber], payload?.customer?.id, payload?.userErrors, result);
      }
    }
    if (creations.length > 0 && (await storeSyncing(storeId))) {
      const answers = await runBulkMutation(
        credentials,
        CREATE_SUBSCRIBED_CUSTOMER,
        creations.map(({ subscriber, consent }) => ({
          input: { email: subscriber.email, emailMarketingConsent: consent },
        })),
      );
      for (const { lineNumber, data } of answers) {
        const payload = data?.customerCreate;
        await applyLine(storeId, creations[lineNumber], payload?.customer?.id, payload?.userErrors, result);
      }
    }
    return result;
  });
}

/** The shop's customers' ids by lower-cased email, from one bulk query. */
async function customerIdsByEmail(credentials: ShopifyCredentials): Promise<Map<string, string>> {
  const lines = await runBulkQuery(credentials, BULK_CUSTOMER_EMAILS);
  const ids = new Map<string, string>();
  for (const line of lines) {
    const email = (line.defaultEmailAddress as { emailAddress?: string } | null)?.emailAddress;
    if (email && typeof line.id === "string") ids.set(email.toLowerCase(), line.id);
  }
  return ids;
}

/** One answered line: the customer id kept, or the refusal counted and logged. */
async function applyLine(
  storeId: string,
  line: Line | undefined,
  customerId: string | undefined,
  userErrors: { message: string }[] | undefined,
  result: BackfillResult,
): Promise<void> {
  if (!line) return;
  if (!customerId || (userErrors?.length ?? 0) > 0) {
    result.failed += 1;
    logger().warn(
      {
        storeId,
        subscriberId: line.subscriber.id,
        reason: (userErrors ?? []).map((error) => error.message).join("; "),
      },
      "consent not synced for a subscriber",
    );
    return;
  }
  result.synced += 1;
  if (customerId !== line.subscriber.shopifyCustomerId)
    await db()
      .update(subscribers)
      .set({ shopifyCustomerId: customerId })
      .where(eq(subscribers.id, line.subscriber.id));
}
