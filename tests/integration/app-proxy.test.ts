import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerDiscounts, stores, subscribers } from "~/db/schema";
import { NOT_FROM_SHOPIFY } from "~/http/app-proxy.server";
import { encryptSecret } from "~/server/crypto.server";
import { APP_PROXY_ONLY } from "~/services/subscribers/subscribe.server";
import { FAKE_SHOP } from "../../mocks/shopify";
import { type BotChallenge, SUBSCRIBE_ANSWERS } from "../../popup/config";
import { createStoreFor } from "../support/builders/actors";
import { appProxyUrl } from "../support/builders/app-proxy";
import { solveChallenge } from "../support/builders/bot-check";
import { createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { EMBEDDED_ENV } from "../support/builders/shopify-session-token";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

const SHOP = FAKE_SHOP.domain;
/** What Shopify's proxy adds: the shopper's address. */
const SHOPPER_IP = "203.0.113.7";
let app: AppServer;
let client: HttpClient;
let storeId: string;

/** A store as an install from the Shopify admin leaves it: the shop's domain, connected. */
async function installedStore(): Promise<string> {
  const owner = await createOrganizationWithAdmin();
  const store = await createStoreFor(owner.admin.id);
  await testDb()
    .update(stores)
    .set({
      shopifyDomain: SHOP,
      integrationType: "shopify",
      isConnected: true,
      shopifyUrl: `https://${SHOP}`,
      shopifyAccessToken: encryptSecret(FAKE_SHOP.accessToken),
    })
    .where(eq(stores.id, store.id));
  return store.id;
}

/** A call as Shopify forwards it: no Origin of ours, the shopper's address in X-Forwarded-For. */
const forwarded = { headers: { Origin: `https://${SHOP}`, "X-Forwarded-For": SHOPPER_IP } };

async function challenge(): Promise<BotChallenge> {
  const response = await client.get<BotChallenge>(appProxyUrl("challenge", SHOP), forwarded);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return response.body;
}

const subscribeThroughProxy = (email: string, proof?: string) =>
  client.post<{ message: string; discountCode?: string }>(
    appProxyUrl("subscribe", SHOP),
    { email, proof },
    forwarded,
  );

async function subscriberWith(email: string) {
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
  return row;
}

beforeAll(async () => {
  app = await startApp({ env: EMBEDDED_ENV });
  client = new HttpClient(app.url);
  storeId = await installedStore();
});

afterAll(async () => {
  await app?.stop();
});

describe("the App Proxy's signature", () => {
  it("answers a request Shopify signed with the shop's popups, and shows the app embed as on", async () => {
    const response = await client.get<{ storeId: string; popups: unknown[] }>(
      appProxyUrl("popups?e=1", SHOP),
      forwarded,
    );
    expect(response.status).toBe(200);
    expect(response.body.storeId).toBe(storeId);
    expect(response.body.popups).toHaveLength(1);
    const [store] = await testDb().select().from(stores).where(eq(stores.id, storeId));
    expect(store?.appEmbedSeenAt).not.toBeNull();
  });

  it.each([
    ["unsigned", () => `/proxy/popups?shop=${SHOP}&timestamp=${Math.floor(Date.now() / 1000)}`],
    ["signed with another secret", () => appProxyUrl("popups", SHOP, { secret: "not-the-app-secret" })],
    ["signed two minutes ago", () => appProxyUrl("popups", SHOP, { timestamp: Date.now() / 1000 - 120 })],
    ["changed after signing", () => appProxyUrl("popups?e=1", SHOP).replace("e=1", "e=0")],
    [
      "for another shop after signing",
      () => appProxyUrl("popups", SHOP).replace(SHOP, "other.myshopify.com"),
    ],
    ["with a shop that is no myshopify domain", () => appProxyUrl("popups", "evil.example")],
  ])("refuses a request %s with 401", async (_case, url) => {
    const response = await client.get<{ message: string }>(url(), forwarded);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(NOT_FROM_SHOPIFY);
  });

  it("answers 404 for a shop Shopify signed for that has no store here", async () => {
    const response = await client.get(appProxyUrl("popups", "unknown-shop.myshopify.com"), forwarded);
    expect(response.status).toBe(404);
  });

  it("answers 404 for a path or method it does not serve, signed or not, never a 5xx", async () => {
    expect((await client.get(appProxyUrl("admin/stores", SHOP), forwarded)).status).toBe(404);
    expect((await client.put(appProxyUrl("subscribe", SHOP), {}, forwarded)).status).toBe(404);
    expect((await client.get("/proxy/subscribe", forwarded)).status).toBe(401);
  });
});

describe("subscribing through the App Proxy", () => {
  it("with the bot check solved: stored for the shop's store, the shopper's address on record, the code at once", async () => {
    const email = uniqueEmail("proxied");
    const response = await subscribeThroughProxy(email, solveChallenge(await challenge()));
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(SUBSCRIBE_ANSWERS.welcome);
    expect(response.body.discountCode).toMatch(/^WELCOME15-/);
    expect(await subscriberWith(email)).toMatchObject({
      storeId,
      consentIp: SHOPPER_IP,
      discountCodeSent: response.body.discountCode,
    });
  });

  it("without it: kept, asked to confirm, and nothing made in Shopify", async () => {
    // The Admin API calls themselves are counted in bot-check.test.ts (none); here, what the app recorded.
    const before = await testDb().select().from(offerDiscounts);
    const email = uniqueEmail("unchecked");
    const response = await subscribeThroughProxy(email);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: SUBSCRIBE_ANSWERS.confirm });
    expect(await subscriberWith(email)).toMatchObject({
      confirmationRequired: true,
      discountCodeSent: "WELCOME15",
    });
    const after = await testDb().select().from(offerDiscounts);
    expect(after).toEqual(before);
  });

  it.each([
    ["a body that is not JSON", "{not json", 400],
    ["a body over 16 KB", JSON.stringify({ email: "a@acme-corp.example", name: "x".repeat(20_000) }), 413],
    ["an address list", JSON.stringify({ email: "a@acme-corp.example,b@acme-corp.example" }), 422],
    ["a proof that is not text", JSON.stringify({ email: "c@acme-corp.example", proof: { $ne: null } }), 422],
  ])("refuses %s sent through the proxy with a 4xx, never a 5xx", async (_case, body, status) => {
    const response = await client.request("POST", appProxyUrl("subscribe", SHOP), undefined, {
      ...forwarded,
      body,
      headers: { ...forwarded.headers, "Content-Type": "application/json" },
    });
    expect(response.status).toBe(status);
  });

  it("is the only way in for an installed shop: the direct endpoint refuses, and stores nothing", async () => {
    const email = uniqueEmail("direct");
    const response = await client.post<{ message: string }>(
      `/api/public/stores/${storeId}/subscribe`,
      { email },
      { headers: { Origin: "https://elsewhere.example" } },
    );
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(APP_PROXY_ONLY);
    expect(await subscriberWith(email)).toBeUndefined();
  });
});

describe("the shopper's address", () => {
  /** What a shopper can write into the request they send the shop: Shopify's proxy appends to it. */
  const spoofed = (real: string, index: number) => `198.51.100.${index}, ${real}`;

  it("is the entry Shopify appended, not one the shopper wrote before it", async () => {
    const email = uniqueEmail("spoofing");
    const response = await client.post(
      appProxyUrl("subscribe", SHOP),
      { email, proof: solveChallenge(await challenge()) },
      { headers: { ...forwarded.headers, "X-Forwarded-For": spoofed(SHOPPER_IP, 1) } },
    );
    expect(response.status).toBe(200);
    expect(await subscriberWith(email)).toMatchObject({ consentIp: SHOPPER_IP });
  });

  it("behind a proxy of ours, is still Shopify's entry: a shopper who varies theirs meets the rate limit", async () => {
    // Our proxy (TRUST_PROXY=1) appends the address of Shopify's server, after the shopper's.
    const limited = await startApp({
      env: { ...EMBEDDED_ENV, TRUST_PROXY: "1", SUBSCRIBE_LIMIT_PER_IP: "2" },
    });
    try {
      const http = new HttpClient(limited.url);
      const real = "192.0.2.44";
      const statuses: number[] = [];
      for (const index of [1, 2, 3]) {
        const response = await http.post(
          appProxyUrl("subscribe", SHOP),
          { email: uniqueEmail(`limited-${index}`) },
          { headers: { ...forwarded.headers, "X-Forwarded-For": `${spoofed(real, index)}, 23.227.38.65` } },
        );
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.stop();
    }
  });
});

describe("without the Shopify app's variables (standalone)", () => {
  it("has no App Proxy: every /proxy path answers 404", async () => {
    const standalone = await startApp();
    try {
      const response = await new HttpClient(standalone.url).get(appProxyUrl("popups", SHOP));
      expect(response.status).toBe(404);
    } finally {
      await standalone.stop();
    }
  });
});
