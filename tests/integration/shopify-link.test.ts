import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  emailClickTracking,
  emailSends,
  flowRuns,
  flows,
  offerDiscounts,
  orderAttributions,
  organizations,
  popupConfigs,
  shopifyLinkRequests,
  shopifySessions,
  stores,
  subscribers,
  users,
  webhookEvents,
} from "~/db/schema";
import { CONNECT_ADMIN_ONLY } from "~/lib/schemas/shopify";
import { decryptSecret } from "~/server/crypto.server";
import { signShopLinkGrant } from "~/services/shopify/shop-link-grant.server";
import { createStore } from "~/services/stores/crud.server";
import { FAKE_STANDALONE_SHOP } from "../../mocks/shopify";
import { actorFor } from "../support/builders/actors";
import {
  createMember,
  createOrganizationWithAdmin,
  createSecondOrganization,
} from "../support/builders/fixtures";
import { storeOfShop } from "../support/builders/shop-links";
import { EMBEDDED_ENV, embeddedUrl, TEST_SHOPIFY_APP } from "../support/builders/shopify-session-token";
import { deliver } from "../support/builders/webhooks";
import { HttpClient } from "../support/clients/http";
import { ShopSessionClient } from "../support/clients/shop-session";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { eventually } from "../support/infra/wait";

/**
 * Connect with Shopify starts on Shopify (docs/decisions/164): the dashboard records which store the
 * administrator links and sends them to Shopify's install; the app, opened in the shop's admin, hands them a
 * signed grant for the shop, which they confirm in the dashboard.
 */
const SHOP = FAKE_STANDALONE_SHOP.domain;
const INSTALL_URL = `https://admin.shopify.com/oauth/install?client_id=${TEST_SHOPIFY_APP.apiKey}`;
const GRANT = /\/connect\/shopify\?grant=([\w.-]+)/;

let app: AppServer;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let admin: HttpClient;

async function signedIn(email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  await client.login(email, password);
  return client;
}

/** A Shopify store of the owner's organization, not connected yet. */
async function shopifyStore(name: string) {
  const store = await createStore(await actorFor(owner.admin.id), {
    name,
    integrationType: "shopify",
    shopifyUrl: `https://${name.toLowerCase().replaceAll(" ", "-")}.example.com`,
  });
  return store.id;
}

const startLink = (client: HttpClient, storeId: string) =>
  client.post<{ installUrl?: string; message?: string }>(`/api/stores/${storeId}/shopify/link`);

/** The shop installs the app and opens it: its session token's first call makes its own new store. */
async function install(shop: string): Promise<string> {
  const response = await new ShopSessionClient(app.url, shop).get<Array<{ id: string }>>("/api/stores");
  expect(response.status).toBe(200);
  return response.body[0]?.id ?? "";
}

/** The grant the app's Settings in the shop's admin links to, or null when it offers none. */
async function grantOffered(shop: string): Promise<string | null> {
  const page = await new ShopSessionClient(app.url, shop).get(embeddedUrl("/app/settings", shop), {
    headers: { Accept: "text/html" },
  });
  expect(page.status).toBe(200);
  return GRANT.exec(page.text)?.[1] ?? null;
}

const preview = (client: HttpClient, grant: string) =>
  client.get(`/connect/shopify?grant=${grant}`, { headers: { Accept: "text/html" } });

const confirm = (client: HttpClient, grant: string) =>
  client.post("/connect/shopify", undefined, {
    body: new URLSearchParams({ grant }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
  });

/** A shop, installed and offering its grant, with an administrator's link request for `storeId`. */
async function installedShopAndRequest(shop: string, storeId: string, client = admin) {
  expect((await startLink(client, storeId)).status).toBe(200);
  const installedStoreId = await install(shop);
  const grant = await grantOffered(shop);
  if (!grant) throw new Error(`${shop} offered no grant`);
  return { installedStoreId, grant };
}

const requestsOf = (userId: string) =>
  testDb().select().from(shopifyLinkRequests).where(eq(shopifyLinkRequests.userId, userId));

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  app = await startApp({ env: EMBEDDED_ENV });
  admin = await signedIn(owner.email, owner.password);
});

/** Each test installs the fake shop afresh: its earlier store, and the organization an install made, go. */
beforeEach(async () => {
  await testDb().delete(organizations).where(eq(organizations.createdByShop, SHOP));
  await testDb().delete(stores).where(eq(stores.shopifyDomain, SHOP));
});

afterAll(async () => {
  await app?.stop();
});

describe("starting Connect with Shopify", () => {
  it("asks for no shop: it records the store for 30 minutes and sends the browser to Shopify's install", async () => {
    const storeId = await shopifyStore("Start");
    const before = Date.now();
    const response = await startLink(admin, storeId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ installUrl: INSTALL_URL });
    const [request] = await requestsOf(owner.admin.id);
    expect(request?.storeId).toBe(storeId);
    expect(request?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 29 * 60_000);
    expect(request?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const other = await shopifyStore("Start again");
    expect((await startLink(admin, other)).status).toBe(200);
    expect((await requestsOf(owner.admin.id)).map((row) => row.storeId)).toEqual([other]);
  });

  it("is for administrators only: members are told who may, and nothing is recorded", async () => {
    const storeId = await shopifyStore("Members");
    const { email, password, member } = await createMember(owner.organization.id, {
      manage_stores: true,
      manage_integrations: true,
    });
    const response = await startLink(await signedIn(email, password), storeId);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: CONNECT_ADMIN_ONLY });
    expect(await requestsOf(member.id)).toEqual([]);
  });
});

describe("confirming the link", () => {
  it("hands the shop's new store over: the requested store takes the shop and its access, once", async () => {
    const storeId = await shopifyStore("Linked");
    const { installedStoreId, grant } = await installedShopAndRequest(SHOP, storeId);
    const installed = await storeOfShop(SHOP);
    expect(installed.id).toBe(installedStoreId);

    const page = await preview(admin, grant);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Link ${SHOP} to your store Linked?`);

    const response = await confirm(admin, grant);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/store/${storeId}/settings?connected=${SHOP}`);
    const linked = await storeOfShop(SHOP);
    expect(linked).toMatchObject({ id: storeId, isConnected: true, shopifyUrl: `https://${SHOP}` });
    expect(decryptSecret(linked.shopifyAccessToken ?? "")).toBe(FAKE_STANDALONE_SHOP.accessToken);
    const gone = await testDb()
      .select()
      .from(organizations)
      .where(eq(organizations.id, installed.organizationId));
    expect(gone).toEqual([]);
    expect(await requestsOf(owner.admin.id)).toEqual([]);
    // The shop's staff now work on the linked store, which offers no grant (it is no install's new store).
    const shopStores = await new ShopSessionClient(app.url, SHOP).get<Array<{ id: string }>>("/api/stores");
    expect(shopStores.body.map((store) => store.id)).toEqual([storeId]);
    expect(await grantOffered(SHOP)).toBeNull();

    // Replayed with a fresh request of the same administrator: the grant's store is gone.
    expect((await startLink(admin, await shopifyStore("Replay"))).status).toBe(200);
    const replay = await confirm(admin, grant);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain("already used");
    expect((await storeOfShop(SHOP)).id).toBe(storeId);
  });

  it("refuses a grant the app did not sign, or one that expired, and keeps the request", async () => {
    const shop = "link-forged.myshopify.com";
    const storeId = await shopifyStore("Forged");
    expect((await startLink(admin, storeId)).status).toBe(200);
    const real = signShopLinkGrant(shop, storeId);
    const [payload] = real.split(".");
    const altered = `${Buffer.from(JSON.stringify({ shop: SHOP, storeId, expiresAt: Date.now() + 60_000 })).toString("base64url")}.${real.split(".")[1]}`;
    for (const grant of [`${payload}.0000`, altered, "not-a-grant"]) {
      const response = await confirm(admin, grant);
      expect(response.status).toBe(400);
      expect(response.text).toContain("not made by the app in your Shopify admin");
    }
    const expired = await confirm(admin, signShopLinkGrant(shop, storeId, Date.now() - 11 * 60_000));
    expect(expired.status).toBe(400);
    expect(expired.text).toContain("expired");
    expect(await requestsOf(owner.admin.id)).toHaveLength(1);
  });

  it("binds nothing for someone who did not start it: another organization's admin, or nobody signed in", async () => {
    const storeId = await shopifyStore("Victim");
    const { grant } = await installedShopAndRequest(SHOP, storeId);
    const other = await createSecondOrganization();
    const stranger = await signedIn(other.email, other.password);
    const refused = await confirm(stranger, grant);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("No Connect with Shopify was started");
    const anonymous = await confirm(new HttpClient(app.url), grant);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toContain("Sign in to Newsletter Popup");
    // The owner's request is theirs still, and the shop is still its own store's.
    expect(await requestsOf(owner.admin.id)).toHaveLength(1);
    expect((await storeOfShop(SHOP)).id).not.toBe(storeId);
    expect((await confirm(admin, grant)).status).toBe(302);
  });

  it("refuses an expired request", async () => {
    const storeId = await shopifyStore("Late");
    const { grant } = await installedShopAndRequest(SHOP, storeId);
    await testDb()
      .update(shopifyLinkRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await confirm(admin, grant);
    expect(response.status).toBe(400);
    expect(response.text).toContain(
      "No Connect with Shopify was started from your store in the last 30 minutes",
    );
  });

  it("never hands over a shop's store in use: a subscriber added there keeps it, nothing changes", async () => {
    const storeId = await shopifyStore("Too late");
    const { installedStoreId, grant } = await installedShopAndRequest(SHOP, storeId);
    await testDb().insert(subscribers).values({ storeId: installedStoreId, email: "kept@example.com" });
    expect(await grantOffered(SHOP)).toBeNull();
    const response = await confirm(admin, grant);
    expect(response.status).toBe(409);
    expect(response.text).toContain("already works on its own store");
    expect((await storeOfShop(SHOP)).id).toBe(installedStoreId);
    const [store] = await testDb().select().from(stores).where(eq(stores.id, storeId));
    expect(store).toMatchObject({ shopifyDomain: null, isConnected: false });
  });
});

describe("shop/redact of a shop linked to a store", () => {
  const redactions = (shop: string, topic: "app/uninstalled" | "shop/redact") =>
    deliver(app.url, {
      topic,
      shop,
      payload:
        topic === "shop/redact" ? { shop_id: 1, shop_domain: shop } : { id: 1, myshopify_domain: shop },
      secret: TEST_SHOPIFY_APP.apiSecret,
    });

  it("erases what the shop sent and unlinks the store, keeping its list and its organization", async () => {
    // The organization's only store, with a subscriber its popup collected before the link.
    const account = await createOrganizationWithAdmin();
    const client = await signedIn(account.email, account.password);
    const store = await createStore(await actorFor(account.admin.id), {
      name: "Only store",
      integrationType: "shopify",
      shopifyUrl: "https://only-store.example.com",
    });
    const [before] = await testDb()
      .insert(subscribers)
      .values({ storeId: store.id, email: "before-the-link@example.com", discountCodeSent: "WELCOME15" })
      .returning();
    const [send] = await testDb()
      .insert(emailSends)
      .values({ storeId: store.id, subscriberId: before?.id ?? "", kind: "welcome", status: "sent" })
      .returning();
    await testDb()
      .insert(emailClickTracking)
      .values({
        storeId: store.id,
        subscriberEmail: "before-the-link@example.com",
        sendId: send?.id,
        trackingId: `t-${store.id}`,
        originalUrl: "https://only-store.example.com/collections/all",
      });
    const { grant } = await installedShopAndRequest(SHOP, store.id, client);
    expect((await confirm(client, grant)).status).toBe(302);
    expect(await storeOfShop(SHOP)).toMatchObject({ id: store.id, createdByShop: null });

    // What the shop then sent: a subscriber's Shopify customer and their used code, an order, a checkout.
    const [synced] = await testDb()
      .insert(subscribers)
      .values({
        storeId: store.id,
        email: "after-the-link@example.com",
        discountCodeSent: "NP-AFTER1",
        discountCodeUsed: true,
        shopifyCustomerId: "gid://shopify/Customer/4401",
        pendingDiscountCode: "NP-PENDING",
        pendingCodeCreationId: "gid://shopify/DiscountRedeemCodeBulkCreation/9",
      })
      .returning();
    await testDb().insert(orderAttributions).values({
      storeId: store.id,
      orderId: "gid://shopify/Order/5501",
      subscriberId: synced?.id,
      code: "NP-AFTER1",
      total: "42.00",
      currency: "EUR",
      orderedAt: new Date(),
    });
    const [flow, welcomeFlow] = await testDb()
      .insert(flows)
      .values([
        { storeId: store.id, name: "Checkout", trigger: "checkout_abandoned", steps: [] },
        { storeId: store.id, name: "Welcome", trigger: "subscribed", steps: [] },
      ])
      .returning();
    await testDb()
      .insert(flowRuns)
      .values([
        {
          flowId: flow?.id ?? "",
          storeId: store.id,
          subscriberId: synced?.id ?? "",
          triggerKey: "checkout-token-1",
          checkoutUrl: `https://${SHOP}/checkouts/checkout-token-1/recover`,
          runAt: new Date(),
        },
        {
          flowId: welcomeFlow?.id ?? "",
          storeId: store.id,
          subscriberId: synced?.id ?? "",
          runAt: new Date(),
        },
      ]);
    const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, store.id));
    await testDb()
      .update(popupConfigs)
      .set({ discountCodeInShopify: true, discountCodeCheckedAt: new Date() })
      .where(eq(popupConfigs.id, popup?.id ?? ""));
    await testDb()
      .insert(offerDiscounts)
      .values({
        popupId: popup?.id ?? "",
        offer: "15%|30d|1",
        anchorCode: "NP-ANCHOR",
        shopifyDiscountId: "gid://shopify/DiscountCodeNode/77",
      });
    await testDb().update(stores).set({ consentSyncEnabled: true }).where(eq(stores.id, store.id));

    expect(await redactions(SHOP, "app/uninstalled")).toBe(200);
    expect(await redactions(SHOP, "shop/redact")).toBe(200);
    await eventually(
      async () =>
        (await testDb().select().from(stores).where(eq(stores.id, store.id)))[0]?.shopifyDomain === null,
      { what: "the store unlinked" },
    );

    const [kept] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(kept).toMatchObject({
      organizationId: account.organization.id,
      name: "Only store",
      shopifyDomain: null,
      shopifyAccessToken: null,
      isConnected: false,
      consentSyncEnabled: false,
    });
    expect(
      await testDb().select().from(organizations).where(eq(organizations.id, account.organization.id)),
    ).toHaveLength(1);
    expect(await testDb().select().from(users).where(eq(users.id, account.admin.id))).toHaveLength(1);
    // The store's own list stays whole; what Shopify said of a subscriber goes.
    const list = await testDb().select().from(subscribers).where(eq(subscribers.storeId, store.id));
    expect(list.map((row) => row.email).sort()).toEqual([
      "after-the-link@example.com",
      "before-the-link@example.com",
    ]);
    expect(list.find((row) => row.id === synced?.id)).toMatchObject({
      discountCodeSent: "NP-AFTER1",
      discountCodeUsed: false,
      shopifyCustomerId: null,
      pendingDiscountCode: null,
      pendingCodeCreationId: null,
    });
    expect(await testDb().select().from(emailSends).where(eq(emailSends.storeId, store.id))).toHaveLength(1);
    expect(
      await testDb().select().from(emailClickTracking).where(eq(emailClickTracking.storeId, store.id)),
    ).toHaveLength(1);
    // The shop's orders, checkouts, discounts and sessions are gone.
    expect(
      await testDb().select().from(orderAttributions).where(eq(orderAttributions.storeId, store.id)),
    ).toEqual([]);
    const runs = await testDb().select().from(flowRuns).where(eq(flowRuns.storeId, store.id));
    expect(runs.map((run) => run.triggerKey)).toEqual([""]);
    expect(await testDb().select().from(flows).where(eq(flows.storeId, store.id))).toHaveLength(2);
    expect(
      await testDb()
        .select()
        .from(offerDiscounts)
        .where(eq(offerDiscounts.popupId, popup?.id ?? "")),
    ).toEqual([]);
    const [popupAfter] = await testDb()
      .select()
      .from(popupConfigs)
      .where(eq(popupConfigs.id, popup?.id ?? ""));
    expect(popupAfter).toMatchObject({ discountCodeInShopify: null, discountCodeCheckedAt: null });
    expect(await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, SHOP))).toEqual([]);
    expect(await testDb().select().from(webhookEvents).where(eq(webhookEvents.shop, SHOP))).toEqual([]);

    // Unlinked, the store can be connected to a shop again; the shop's staff have no store here any more.
    expect((await startLink(client, store.id)).status).toBe(200);
  });

  it("erases a store the shop's install created, with its organization, as before", async () => {
    const installedStoreId = await install(SHOP);
    const installed = await storeOfShop(SHOP);
    expect(installed).toMatchObject({ id: installedStoreId, createdByShop: SHOP });
    await testDb().insert(subscribers).values({ storeId: installedStoreId, email: "installed@example.com" });
    expect(await redactions(SHOP, "shop/redact")).toBe(200);
    await eventually(
      async () => (await testDb().select().from(stores).where(eq(stores.id, installedStoreId))).length === 0,
      { what: "the installed store erased" },
    );
    expect(
      await testDb().select().from(subscribers).where(eq(subscribers.storeId, installedStoreId)),
    ).toEqual([]);
    expect(
      await testDb().select().from(organizations).where(eq(organizations.id, installed.organizationId)),
    ).toEqual([]);
  });
});
