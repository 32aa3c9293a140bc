import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores, subscribers } from "~/db/schema";
import { CUSTOMER_WRITE_SCOPE } from "~/lib/schemas/consent-sync";
import { invalid, refused } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { forgetStoreBundle } from "~/services/email/mail-context.server";
import { requireStore } from "~/services/stores/crud.server";
import { enqueue } from "../../../jobs/client";
import { verifyShopifyAccess } from "./admin-api.server";
import { credentialsOf, withShopify } from "./connection.server";
import {
  createCustomerWithConsent,
  type EmailMarketingConsent,
  findCustomerIdByEmail,
  updateEmailMarketingConsent,
} from "./customers.server";

type StoreRow = typeof stores.$inferSelect;
type SubscriberRow = typeof subscribers.$inferSelect;

/** PUT /api/stores/:storeId/shopify/consent-sync: turning it on copies every current subscriber once. */
export async function setConsentSync(actor: Actor, storeId: string, enabled: boolean) {
  authorize(actor, "manage_integrations");
  const store = await requireStore(actor, storeId);
  if (enabled && !credentialsOf(store))
    throw invalid("Connect this store to Shopify to sync email marketing consent");
  if (enabled) await requireCustomerAccess(store);
  const [changed] = await db()
    .update(stores)
    .set({ consentSyncEnabled: enabled, updatedAt: new Date() })
    .where(and(eq(stores.id, store.id), eq(stores.consentSyncEnabled, !enabled)))
    .returning({ id: stores.id });
  // Whether the app or Shopify welcomes new subscribers follows the switch (docs/decisions/165).
  forgetStoreBundle(store.id);
  if (changed && enabled) {
    await enqueue(
      "shopify",
      { type: "consent-backfill", storeId: store.id },
      { jobId: `consent-backfill-${store.id}-${Date.now()}` },
    );
  }
  return {
    consentSyncEnabled: enabled,
    message: enabled
      ? "Subscribers are being added to Shopify as customers who accept email marketing"
      : "Subscribers are no longer copied to Shopify",
  };
}

/**
 * Consent sync writes customers, which the embedded app asks for only then (an optional scope: the
 * merchant grants it in the admin when turning sync on, and may take it back). Checked with Shopify
 * each time, since the grant and its app/scopes_update webhook may arrive in either order.
 */
async function requireCustomerAccess(store: StoreRow): Promise<void> {
  const { scopes } = await withShopify(store, verifyShopifyAccess);
  if (!scopes.includes(CUSTOMER_WRITE_SCOPE)) {
    throw refused("Allow the app to manage your Shopify customers to sync email marketing consent");
  }
}

/**
 * The consent Shopify should hold for a subscriber now: UNSUBSCRIBED once they left; SUBSCRIBED with the
 * opt-in level they gave; null while a double opt-in waits for its confirmation (no consent yet).
 */
export function consentOf(
  subscriber: Pick<
    SubscriberRow,
    "isActive" | "unsubscribedAt" | "confirmationRequired" | "confirmedAt" | "consentedAt"
  >,
): EmailMarketingConsent | null {
  if (!subscriber.isActive) {
    return {
      marketingState: "UNSUBSCRIBED",
      consentUpdatedAt: (subscriber.unsubscribedAt ?? new Date()).toISOString(),
    };
  }
  if (subscriber.confirmationRequired && !subscriber.confirmedAt) return null;
  return {
    marketingState: "SUBSCRIBED",
    marketingOptInLevel: subscriber.confirmedAt ? "CONFIRMED_OPT_IN" : "SINGLE_OPT_IN",
    consentUpdatedAt: (subscriber.confirmedAt ?? subscriber.consentedAt).toISOString(),
  };
}

/**
 * Makes the subscriber's Shopify customer (found by email, else created) carry their consent, and remembers
 * the customer id. The customer is looked up each time rather than by the remembered id, which goes stale
 * when the merchant deletes or merges customers. Someone who unsubscribed before ever being copied is not
 * created just to say so.
 */
export async function pushConsent(store: StoreRow, subscriber: SubscriberRow): Promise<boolean> {
  const consent = consentOf(subscriber);
  if (!consent) return false;
  const customerId = await withShopify(store, async (credentials) => {
    const known = await findCustomerIdByEmail(credentials, subscriber.email);
    if (known) {
      await updateEmailMarketingConsent(credentials, known, consent);
      return known;
    }
    if (consent.marketingState === "UNSUBSCRIBED") return null;
    return createCustomerWithConsent(credentials, { email: subscriber.email, consent });
  });
  if (!customerId) return false;
  if (customerId !== subscriber.shopifyCustomerId) {
    await db()
      .update(subscribers)
      .set({ shopifyCustomerId: customerId })
      .where(eq(subscribers.id, subscriber.id));
  }
  return true;
}

/** The consent-sync job of one subscriber (after subscribe, confirm or unsubscribe); nothing when sync is off. */
export async function syncSubscriberConsent(subscriberId: string): Promise<boolean> {
  const [row] = await db()
    .select({ subscriber: subscribers, store: stores })
    .from(subscribers)
    .innerJoin(stores, eq(stores.id, subscribers.storeId))
    .where(eq(subscribers.id, subscriberId));
  if (!row?.store.consentSyncEnabled || !credentialsOf(row.store)) return false;
  return pushConsent(row.store, row.subscriber);
}

/** Queues a subscriber's consent sync; the job re-reads the subscriber and does nothing while sync is off. */
export async function queueConsentSync(subscriberId: string): Promise<void> {
  await enqueue("shopify", { type: "consent-sync", subscriberId });
}
