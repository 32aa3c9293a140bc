import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { organizations, shopifySessions, stores } from "~/db/schema";
import { encryptSecret } from "~/server/crypto.server";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { testDb } from "../infra/db";
import { createStoreFor } from "./actors";
import { createOrganizationWithAdmin } from "./fixtures";
import { deliveredPayload } from "./webhook-payloads";

/** The Partner app credentials the app under test runs with (embedded mode on). */
export const TEST_SHOPIFY_API_KEY = "test-api-key";
export const TEST_SHOPIFY_API_SECRET = "test-api-secret-for-webhook-hmac";

/** The app's environment for receiving signed webhooks (orders included). */
export const WEBHOOK_APP_ENV = {
  SHOPIFY_API_KEY: TEST_SHOPIFY_API_KEY,
  SHOPIFY_API_SECRET: TEST_SHOPIFY_API_SECRET,
  SHOPIFY_APP_URL: "https://newsletter-popup.example.com",
  SCOPES: "read_customers,read_discounts,read_orders,write_customers,write_discounts",
};

/** Shopify's signature of a webhook: base64 HMAC-SHA256 of the raw body under the app's API secret. */
export function signWebhook(body: string, secret = TEST_SHOPIFY_API_SECRET): string {
  return createHmac("sha256", secret).update(body, "utf8").digest("base64");
}

export type Delivery = {
  topic: string;
  shop: string;
  payload: unknown;
  /** The same on each redelivery of one event; a fresh one by default. */
  eventId?: string;
  /** The delivery's own id; a fresh one by default. */
  webhookId?: string;
  /** A signature to send instead of the right one. */
  hmac?: string;
  /** The app secret to sign with, for an app started with another one (EMBEDDED_ENV's). */
  secret?: string;
  /**
   * Send the payload whole, as Shopify would to a subscription without include_fields; by default it is
   * trimmed to the app's subscription in shopify.app.toml, as Shopify delivers it.
   */
  whole?: boolean;
};

/** The request Shopify would send for a delivery: raw JSON body and its headers, with no browser Origin. */
export function webhookRequest(delivery: Delivery): { body: string; headers: Record<string, string> } {
  const payload = delivery.whole ? delivery.payload : deliveredPayload(delivery.topic, delivery.payload);
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": delivery.topic,
      "X-Shopify-Shop-Domain": delivery.shop,
      "X-Shopify-API-Version": SHOPIFY_API_VERSION,
      "X-Shopify-Webhook-Id": delivery.webhookId ?? randomUUID(),
      "X-Shopify-Event-Id": delivery.eventId ?? randomUUID(),
      "X-Shopify-Triggered-At": new Date().toISOString(),
      "X-Shopify-Hmac-Sha256": delivery.hmac ?? signWebhook(body, delivery.secret),
    },
  };
}

/** POSTs a delivery to /webhooks/<topic> of the app; resolves with the status. */
export async function deliver(baseUrl: string, delivery: Delivery): Promise<number> {
  const { body, headers } = webhookRequest(delivery);
  const response = await fetch(new URL(`/webhooks/${delivery.topic}`, baseUrl), {
    method: "POST",
    headers,
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

let shops = 0;

/**
 * A shop that installed the app, as the install leaves it: an organization and its admin, a connected store
 * bound to the myshopify domain (both recorded as created by the shop's install), and the shop's offline session (token encrypted; with `expiredToken`, an
 * expired token and a refresh token, as a shop that has not used the app for an hour).
 */
export async function installedShop(name = "Installed Shop", options: { expiredToken?: boolean } = {}) {
  shops += 1;
  const domain = `shop-${shops}-${randomUUID().slice(0, 8)}.myshopify.com`;
  const owner = await createOrganizationWithAdmin({ organizationName: name });
  const created = await createStoreFor(owner.admin.id, { name });
  await testDb()
    .update(organizations)
    .set({ createdByShop: domain })
    .where(eq(organizations.id, owner.organization.id));
  const [store] = await testDb()
    .update(stores)
    .set({
      shopifyDomain: domain,
      createdByShop: domain,
      shopifyUrl: `https://${domain}`,
      shopifyAccessToken: encryptSecret("shpat_installed"),
      isConnected: true,
      integrationType: "shopify",
    })
    .where(eq(stores.id, created.id))
    .returning();
  if (!store) throw new Error("store was not bound to its shop");
  await testDb()
    .insert(shopifySessions)
    .values({
      id: `offline_${domain}`,
      shop: domain,
      state: "",
      isOnline: false,
      scope: "read_discounts,write_discounts",
      accessToken: encryptSecret("shpat_installed"),
      ...(options.expiredToken
        ? { expires: new Date(Date.now() - 3_600_000), refreshToken: encryptSecret("shprt_installed") }
        : {}),
    });
  return { domain, store, owner };
}
