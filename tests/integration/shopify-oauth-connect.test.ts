import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopifyOauthStates, shopifySessions, stores } from "~/db/schema";
import { CONNECT_ADMIN_ONLY, SHOP_DOMAIN_MESSAGE } from "~/lib/schemas/shopify";
import { decryptSecret } from "~/server/crypto.server";
import { createStore } from "~/services/stores/crud.server";
import { FAKE_SHOP } from "../../mocks/shopify";
import { actorFor } from "../support/builders/actors";
import {
  createMember,
  createOrganizationWithAdmin,
  createSecondOrganization,
} from "../support/builders/fixtures";
import { signedCallbackQuery, stateOf } from "../support/builders/shopify-oauth";
import { EMBEDDED_ENV, TEST_SHOPIFY_APP } from "../support/builders/shopify-session-token";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

const SHOP = FAKE_SHOP.domain;
let app: AppServer;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let admin: HttpClient;
let storeId: string;

async function signedIn(email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  await client.login(email, password);
  return client;
}

/** A Shopify store of the owner's organization, not connected yet. */
async function shopifyStore(name: string, shop = SHOP) {
  const store = await createStore(await actorFor(owner.admin.id), {
    name,
    integrationType: "shopify",
    shopifyUrl: `https://${shop}`,
    shopifyStoreName: shop.replace(".myshopify.com", ""),
  });
  return store.id;
}

/** Connect with Shopify pressed: the authorization URL the browser is sent to. */
async function start(client: HttpClient, shop = SHOP, store = storeId): Promise<string> {
  const response = await client.post<{ authorizeUrl: string }>(`/api/stores/${store}/shopify/oauth`, {
    shop,
  });
  expect(response.status).toBe(200);
  return response.body.authorizeUrl;
}

const callback = (client: HttpClient, query: URLSearchParams) =>
  client.get(`/auth/shopify/callback?${query}`, { headers: { Accept: "text/html" } });

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  storeId = await shopifyStore("Acme");
  app = await startApp({ env: EMBEDDED_ENV });
  admin = await signedIn(owner.email, owner.password);
});

afterAll(async () => {
  await app?.stop();
});

describe("starting Connect with Shopify", () => {
  it("sends the browser to the shop's grant screen with a single-use state bound to the user and store", async () => {
    const before = Date.now();
    const authorizeUrl = new URL(await start(admin, " https://Acme-Test.myshopify.com/ "));
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`https://${SHOP}/admin/oauth/authorize`);
    const query = Object.fromEntries(authorizeUrl.searchParams);
    expect(query).toEqual({
      client_id: TEST_SHOPIFY_APP.apiKey,
      scope: EMBEDDED_ENV.SCOPES,
      redirect_uri: `${TEST_SHOPIFY_APP.appUrl}/auth/shopify/callback`,
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
    const rows = await testDb()
      .select()
      .from(shopifyOauthStates)
      .where(eq(shopifyOauthStates.storeId, storeId));
    const row = rows.at(-1);
    expect(row).toMatchObject({ userId: owner.admin.id, storeId, shop: SHOP });
    // Kept as an HMAC, never as the state itself; alive for ten minutes.
    expect(row?.stateHash).not.toContain(query.state);
    expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 9 * 60_000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
  });

  it("refuses an address that is not a myshopify.com domain, saying what is expected", async () => {
    for (const shop of ["acme-test", "shop.example.com", "evil.com/.myshopify.com", ""]) {
      const response = await admin.post<{ message: string }>(`/api/stores/${storeId}/shopify/oauth`, {
        shop,
      });
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(SHOP_DOMAIN_MESSAGE);
    }
  });

  it("is for administrators only: the shop's staff get the store, so members are told who may", async () => {
    const { email, password } = await createMember(owner.organization.id, {
      manage_stores: true,
      manage_integrations: true,
    });
    const member = await signedIn(email, password);
    const response = await member.post(`/api/stores/${storeId}/shopify/oauth`, { shop: SHOP });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: CONNECT_ADMIN_ONLY });
  });
});

describe("Shopify's callback", () => {
  it("links the store to the shop and stores the shop's one offline session", async () => {
    const authorizeUrl = await start(admin);
    const response = await callback(admin, signedCallbackQuery(SHOP, stateOf(authorizeUrl)));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/store/${storeId}/settings?connected=${SHOP}`);

    const [store] = await testDb().select().from(stores).where(eq(stores.id, storeId));
    expect(store).toMatchObject({
      shopifyDomain: SHOP,
      integrationType: "shopify",
      isConnected: true,
      shopifyUrl: `https://${SHOP}`,
    });
    expect(store?.shopifyAccessToken).not.toContain(FAKE_SHOP.accessToken);
    expect(decryptSecret(store?.shopifyAccessToken ?? "")).toBe(FAKE_SHOP.accessToken);

    const sessions = await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, SHOP));
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(session).toMatchObject({
      id: `offline_${SHOP}`,
      isOnline: false,
      scope: FAKE_SHOP.scopes.join(","),
    });
    // The expiring offline token of shopifyApp's future flag: an hour, with its refresh token.
    expect(session?.expires?.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(decryptSecret(session?.accessToken ?? "")).toBe(FAKE_SHOP.accessToken);
    expect(session?.refreshToken).toBeTruthy();
    expect(session?.refreshTokenExpires).toBeTruthy();
  });

  it("refuses the same answer twice (the state is single-use)", async () => {
    const query = signedCallbackQuery(SHOP, stateOf(await start(admin)));
    expect((await callback(admin, query)).status).toBe(302);
    const replay = await callback(admin, query);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain("already used or was not started by you");
  });

  it("refuses an answer not signed with the app's secret, and keeps the attempt", async () => {
    const state = stateOf(await start(admin));
    const forged = signedCallbackQuery(SHOP, state, { secret: "not-the-app-secret" });
    const response = await callback(admin, forged);
    expect(response.status).toBe(400);
    expect(response.text).toContain("not signed by Shopify for this app");
    const tampered = signedCallbackQuery(SHOP, state);
    tampered.set("shop", "other-shop.myshopify.com");
    expect((await callback(admin, tampered)).status).toBe(400);
    expect((await callback(admin, signedCallbackQuery(SHOP, state))).status).toBe(302);
  });

  it("refuses a state started by another user, even of the same organization, and leaves it to its owner", async () => {
    const state = stateOf(await start(admin));
    const { email, password } = await createMember(owner.organization.id, { manage_integrations: true });
    const member = await signedIn(email, password);
    const refused = await callback(member, signedCallbackQuery(SHOP, state));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("not started by you");
    const anonymous = await callback(new HttpClient(app.url), signedCallbackQuery(SHOP, state));
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toContain("Sign in to Newsletter Popup");
    expect((await callback(admin, signedCallbackQuery(SHOP, state))).status).toBe(302);
  });

  it("refuses an expired attempt", async () => {
    const state = stateOf(await start(admin));
    await testDb()
      .update(shopifyOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await callback(admin, signedCallbackQuery(SHOP, state));
    expect(response.status).toBe(400);
    expect(response.text).toContain("This connection attempt expired");
  });

  it("refuses a code Shopify does not know", async () => {
    const state = stateOf(await start(admin));
    const response = await callback(admin, signedCallbackQuery(SHOP, state, { code: "unknown.code" }));
    expect(response.status).toBe(400);
    expect(response.text).toContain("Shopify did not accept this authorization");
  });

  it("refuses a shop that another store is linked to (an embedded install's own organization), saying so", async () => {
    const shop = "installed-elsewhere.myshopify.com";
    const otherStoreId = await shopifyStore("Installed Elsewhere", shop);
    const state = stateOf(await start(admin, shop, otherStoreId));
    // Meanwhile the shop installs the app from its admin: its own organization and store.
    const other = await createSecondOrganization();
    const installed = await createStore(await actorFor(other.admin.id), {
      name: "Installed",
      integrationType: "shopify",
      shopifyUrl: `https://${shop}`,
    });
    await testDb().update(stores).set({ shopifyDomain: shop }).where(eq(stores.id, installed.id));

    const response = await callback(admin, signedCallbackQuery(shop, state));
    expect(response.status).toBe(409);
    expect(response.text).toContain(`${shop} is already connected to another store`);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, otherStoreId));
    expect(row).toMatchObject({ shopifyDomain: null, isConnected: false });
    const again = await admin.post(`/api/stores/${otherStoreId}/shopify/oauth`, { shop });
    expect(again.status).toBe(409);
  });
});
