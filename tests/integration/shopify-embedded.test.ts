import http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  emailSettings,
  emailTemplates,
  organizations,
  popupConfigs,
  shopifySessions,
  stores,
  users,
} from "~/db/schema";
import { decryptSecret, encryptSecret } from "~/server/crypto.server";
import { EXIT_TARGET_REFUSED } from "~/services/shopify/exit-target.server";
import { FAKE_SHOP } from "../../mocks/shopify";
import { createStoreFor } from "../support/builders/actors";
import { createSecondOrganization } from "../support/builders/fixtures";
import {
  adminHost,
  BROWSER_USER_AGENT,
  EMBEDDED_ENV,
  embeddedUrl,
  sessionToken,
  TEST_SHOPIFY_APP,
} from "../support/builders/shopify-session-token";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { eventually } from "../support/infra/wait";

const SHOP = FAKE_SHOP.domain;
/** Set by Shopify's library on a refused session token: App Bridge then fetches a new token and retries. */
const RETRY_HEADER = "X-Shopify-Retry-Invalid-Session-Request";
let app: AppServer;
let client: HttpClient;

/** A request as the admin's iframe (document) or App Bridge's fetch (Bearer) makes it. */
function fromAdmin(bearer?: string) {
  return {
    headers: {
      "User-Agent": BROWSER_USER_AGENT,
      Accept: "text/html",
      ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
    },
  };
}

/** The query the admin adds to the app's URLs. */
function adminQuery(): URLSearchParams {
  return new URLSearchParams({ embedded: "1", shop: SHOP, host: adminHost(SHOP) });
}

/** Every value sent for a header, each on its own line (fetch's Headers would join repeated ones). */
function headerValues(path: string, name: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const { headers } = fromAdmin();
    http
      .get(new URL(path, app.url), { headers }, (response) => {
        response.resume();
        const raw = response.rawHeaders;
        resolve(raw.filter((_value, index) => index % 2 === 1 && raw[index - 1]?.toLowerCase() === name));
      })
      .on("error", reject);
  });
}

async function shopStores() {
  return testDb().select().from(stores).where(eq(stores.shopifyDomain, SHOP));
}

beforeAll(async () => {
  app = await startApp({ env: EMBEDDED_ENV });
  client = new HttpClient(app.url);
});

afterAll(async () => {
  await app?.stop();
});

describe("installing from the Shopify admin", () => {
  it("creates the shop's organization, store, popup, template and email settings on the first visit", async () => {
    const response = await client.get(embeddedUrl("/app", SHOP), fromAdmin());
    expect(response.status).toBe(200);
    expect(response.text).toContain("Overview of your newsletter management system");
    expect(response.text).toContain(`data-api-key="${TEST_SHOPIFY_APP.apiKey}"`);
    expect(response.text).not.toContain(TEST_SHOPIFY_APP.apiSecret);

    const [store, ...others] = await shopStores();
    expect(others).toHaveLength(0);
    expect(store).toMatchObject({
      name: FAKE_SHOP.name,
      integrationType: "shopify",
      isConnected: true,
      shopifyUrl: `https://${SHOP}`,
    });
    if (!store?.shopifyAccessToken) throw new Error("the store has no access token");
    expect(store.shopifyAccessToken).not.toContain(FAKE_SHOP.accessToken);
    expect(decryptSecret(store.shopifyAccessToken)).toBe(FAKE_SHOP.accessToken);

    const [organization] = await testDb()
      .select()
      .from(organizations)
      .where(eq(organizations.id, store.organizationId));
    expect(organization?.name).toBe(FAKE_SHOP.name);
    const [admin] = await testDb().select().from(users).where(eq(users.id, store.userId));
    expect(admin).toMatchObject({ role: "admin", email: `owner@${SHOP}`, password: null });
    for (const table of [popupConfigs, emailTemplates, emailSettings]) {
      expect(await testDb().select().from(table).where(eq(table.storeId, store.id))).toHaveLength(1);
    }
  });

  it("keeps the shop's offline token (expiring, with its refresh token) encrypted in the session table", async () => {
    const [session] = await testDb()
      .select()
      .from(shopifySessions)
      .where(eq(shopifySessions.id, `offline_${SHOP}`));
    if (!session?.accessToken || !session.refreshToken) throw new Error("no offline session was stored");
    expect(session.accessToken).not.toContain("shpat_");
    expect(decryptSecret(session.accessToken)).toBe(FAKE_SHOP.accessToken);
    expect(decryptSecret(session.refreshToken)).toMatch(/^shprt_/);
    expect(session.expires?.getTime()).toBeGreaterThan(Date.now());
  });

  it("lets the admin frame the page and nobody else", async () => {
    const response = await client.get(embeddedUrl("/app", SHOP), fromAdmin());
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`frame-ancestors https://${SHOP} https://admin.shopify.com;`);
    expect(response.headers.get("x-frame-options")).toBeNull();
    const standalone = await client.get("/login");
    expect(standalone.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it.each([
    ["the dashboard", () => embeddedUrl("/app", SHOP)],
    ["a screen", () => embeddedUrl("/app/settings", SHOP)],
    ["the session-token bounce page", () => `/auth/session-token?${adminQuery()}&shopify-reload=%2Fapp`],
    ["the exit-iframe page", () => `/auth/exit-iframe?${adminQuery()}&exitIframe=%2Fauth%2Flogin`],
  ])("sends %s with one Content-Security-Policy, framed by the shop's admin only", async (_page, path) => {
    const policies = await headerValues(path(), "content-security-policy");
    expect(policies).toHaveLength(1);
    expect(policies[0]).toContain(`frame-ancestors https://${SHOP} https://admin.shopify.com`);
  });

  it("lets the exit-iframe page run its inline script that takes the admin's top window away", async () => {
    const path = `/auth/exit-iframe?${adminQuery()}&exitIframe=%2Fauth%2Flogin`;
    const page = await client.get(path, fromAdmin());
    expect(page.text).toContain(
      `<script>window.open("${TEST_SHOPIFY_APP.appUrl}/auth/login", "_top")</script>`,
    );
    const [policy] = await headerValues(path, "content-security-policy");
    expect(policy).not.toMatch(/script-src|default-src/);
  });

  it("reconnects the same organization and store on a reinstall, keeping its data", async () => {
    const [before] = await shopStores();
    if (!before) throw new Error("the shop was not installed");
    const organizationCount = (await testDb().select().from(organizations)).length;
    // What an uninstall leaves: no Shopify session, the store disconnected, its data kept.
    await testDb().delete(shopifySessions).where(eq(shopifySessions.shop, SHOP));
    await testDb()
      .update(stores)
      .set({ isConnected: false, shopifyAccessToken: null })
      .where(eq(stores.id, before.id));

    const response = await client.get(embeddedUrl("/app", SHOP), fromAdmin());
    expect(response.status).toBe(200);

    const after = await shopStores();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: before.id,
      organizationId: before.organizationId,
      isConnected: true,
    });
    expect(decryptSecret(after[0]?.shopifyAccessToken ?? "")).toBe(FAKE_SHOP.accessToken);
    expect(await testDb().select().from(organizations)).toHaveLength(organizationCount);
    expect(
      await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, before.id)),
    ).toHaveLength(1);
  });

  it("takes the admin's launch at the app URL's root to /app, parameters kept", async () => {
    const launch = embeddedUrl("/", SHOP);
    const response = await client.get(launch, fromAdmin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(launch.replace(/^\//, "/app"));
  });

  it("sends a document request without a session token to Shopify's bounce page", async () => {
    const url = new URL(embeddedUrl("/app", SHOP), app.url);
    url.searchParams.delete("id_token");
    const response = await client.get(`${url.pathname}${url.search}`, fromAdmin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\/session-token\?/);
  });
});

describe("Shopify's exit-iframe page", () => {
  const exitPage = (target: string, query = adminQuery()) =>
    `/auth/exit-iframe?${query}&exitIframe=${encodeURIComponent(target)}`;
  const signed = (shop: string, token = sessionToken(shop)) =>
    new URLSearchParams({ ...Object.fromEntries(adminQuery()), id_token: token });
  const opens = (url: string) => `<script>window.open(${JSON.stringify(url)}, "_top")</script>`;

  it.each([
    ["the app, by path", () => exitPage("/app?x=1"), `${TEST_SHOPIFY_APP.appUrl}/app?x=1`],
    [
      "the app, by its URL",
      () => exitPage(`${TEST_SHOPIFY_APP.appUrl}/app`),
      `${TEST_SHOPIFY_APP.appUrl}/app`,
    ],
    [
      "Shopify's admin",
      () => exitPage("https://admin.shopify.com/store/acme-test/apps"),
      "https://admin.shopify.com/store/acme-test/apps",
    ],
    [
      "the signed shop's admin",
      () => exitPage(`https://${SHOP}/admin/oauth/install?client_id=k`, signed(SHOP)),
      `https://${SHOP}/admin/oauth/install?client_id=k`,
    ],
  ])("opens %s in the admin's top window", async (_target, path, url) => {
    const page = await client.get(path(), fromAdmin());
    expect(page.status).toBe(200);
    expect(page.text).toContain(opens(url));
  });

  it.each([
    ["another site", () => exitPage("https://evil.example")],
    ["a scheme-relative address", () => exitPage("//evil.example")],
    ["a backslash address", () => exitPage("/\\evil.example")],
    ["a script URL", () => exitPage("javascript:alert(document.domain)")],
    ["the app over http", () => exitPage(TEST_SHOPIFY_APP.appUrl.replace("https:", "http:"))],
    ["a look-alike of the app", () => exitPage(`${TEST_SHOPIFY_APP.appUrl}.evil.example`)],
    ["an empty path segment", () => exitPage("https://admin.shopify.com//x")],
    ["the shop's admin without a session token", () => exitPage(`https://${SHOP}/admin`)],
    [
      "the shop's admin with an expired token",
      () => exitPage(`https://${SHOP}/admin`, signed(SHOP, sessionToken(SHOP, { exp: 1 }))),
    ],
    [
      "the shop's admin with another shop's token",
      () => exitPage(`https://${SHOP}/admin`, signed("other.myshopify.com")),
    ],
    ["the signed shop's storefront", () => exitPage(`https://${SHOP}/`, signed(SHOP))],
  ])("refuses %s with a 400 that says where it may go", async (_target, path) => {
    const page = await client.get(path(), fromAdmin());
    expect(page.status).toBe(400);
    expect(page.body).toEqual({ message: EXIT_TARGET_REFUSED });
    expect(page.text).not.toContain("window.open");
  });

  it("asks for a target when there is none", async () => {
    const page = await client.get(`/auth/exit-iframe?${adminQuery()}`, fromAdmin());
    expect(page.status).toBe(400);
    expect(page.body).toEqual({ message: "The exit page needs an exitIframe address" });
  });

  it.each(["/app/auth/exit-iframe", "/auth/x/auth/exit-iframe"])(
    "is not served at %s, where the library would answer it unchecked",
    async (pagePath) => {
      const page = await client.get(
        `${pagePath}?${adminQuery()}&exitIframe=https://evil.example`,
        fromAdmin(),
      );
      expect(page.status).toBeGreaterThanOrEqual(400);
      expect(page.status).toBeLessThan(500);
      expect(page.text).not.toContain("evil.example");
    },
  );
});

describe("Shopify's login path", () => {
  it("sends a real shop to its admin to install or open the app", async () => {
    const response = await client.get(`/auth/login?shop=${SHOP}`, fromAdmin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `https://admin.shopify.com/store/acme-test/oauth/install?client_id=${TEST_SHOPIFY_APP.apiKey}`,
    );
  });

  it.each([
    ["no shop", "/auth/login", "Open Newsletter Popup from your Shopify admin, under Apps"],
    ["an empty shop", "/auth/login?shop=", "Open Newsletter Popup from your Shopify admin, under Apps"],
    [
      "another site",
      "/auth/login?shop=evil.example",
      "That is not a Shopify shop address: use your-shop.myshopify.com",
    ],
    [
      "a URL",
      "/auth/login?shop=https://evil.example/x",
      "That is not a Shopify shop address: use your-shop.myshopify.com",
    ],
    [
      "a script",
      "/auth/login?shop=%3Cscript%3E",
      "That is not a Shopify shop address: use your-shop.myshopify.com",
    ],
  ])("answers %s with a 400 that says what to do", async (_case, path, message) => {
    const response = await client.get(path, fromAdmin());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it.each(["/app/auth/login", "/auth/x/auth/login"])("is not served at %s", async (path) => {
    const response = await client.get(`${path}?${adminQuery()}`, fromAdmin());
    expect(response.status).toBe(404);
  });
});

describe("the installed shop's expiring offline token", () => {
  it("is refreshed with its refresh token when Admin API work needs it after it expired", async () => {
    const [store] = await shopStores();
    if (!store) throw new Error("the shop was not installed");
    const sessionId = `offline_${SHOP}`;
    await testDb()
      .update(shopifySessions)
      .set({ expires: new Date(Date.now() - 60_000) })
      .where(eq(shopifySessions.id, sessionId));

    // Regenerating the script republishes it to the shop's theme app embed: Admin API work, in a job.
    const regenerated = await client.get(
      `/api/stores/${store.id}/integration-script?regenerate=true`,
      fromAdmin(sessionToken(SHOP)),
    );
    expect(regenerated.status).toBe(200);

    const session = await eventually(
      async () => {
        const [row] = await testDb().select().from(shopifySessions).where(eq(shopifySessions.id, sessionId));
        return (row?.expires?.getTime() ?? 0) > Date.now() && row;
      },
      { what: "the offline session to be refreshed" },
    );
    expect(decryptSecret(session?.accessToken ?? "")).toBe(FAKE_SHOP.accessToken);
    const [after] = await shopStores();
    expect(after?.isConnected).toBe(true);
  });
});

describe("Shopify refusing the installed shop's token", () => {
  const sessionId = `offline_${SHOP}`;
  const offlineSession = async () =>
    (await testDb().select().from(shopifySessions).where(eq(shopifySessions.id, sessionId)))[0];

  /** Admin API work for the shop, in a job: regenerating the script republishes it to the theme app embed. */
  async function adminApiWork(storeId: string) {
    const response = await client.get(
      `/api/stores/${storeId}/integration-script?regenerate=true`,
      fromAdmin(sessionToken(SHOP)),
    );
    expect(response.status).toBe(200);
  }

  it("renews a refused token with the shop's refresh token and carries on, the store still connected", async () => {
    const [store] = await shopStores();
    if (!store) throw new Error("the shop was not installed");
    // A token Shopify no longer takes though it has not expired yet; its refresh token is still good.
    await testDb()
      .update(shopifySessions)
      .set({ accessToken: encryptSecret("shpat_refused_before_its_expiry") })
      .where(eq(shopifySessions.id, sessionId));
    FAKE_SHOP.appMetafields?.clear();

    await adminApiWork(store.id);

    // The refused call, sent again with the refreshed token, published the settings to the shop.
    await eventually(async () => (FAKE_SHOP.appMetafields?.size ?? 0) > 0, {
      what: "the job's call to go through with the refreshed token",
    });
    const session = await offlineSession();
    expect(decryptSecret(session?.accessToken ?? "")).toBe(FAKE_SHOP.accessToken);
    const [after] = await shopStores();
    expect(after).toMatchObject({ isConnected: true, shopifyRefusedAt: null });
  });

  it("marks the store refused when Shopify refuses the token and its refresh, and reconnects it at the shop's next session token", async () => {
    const [store] = await shopStores();
    if (!store) throw new Error("the shop was not installed");
    const original = FAKE_SHOP.accessToken;
    // Shopify took back the app's token and its refresh token: only a token exchange gets a new one.
    FAKE_SHOP.accessToken = "shpat_issued_after_the_refusal";
    try {
      await adminApiWork(store.id);
      // The store is marked refused, then the refused tokens are forgotten, so that the shop's next session
      // token is exchanged for new ones.
      const forgotten = await eventually(
        async () => {
          const session = await offlineSession();
          return session?.accessToken === "" && session;
        },
        { what: "the refused tokens to be forgotten" },
      );
      expect(forgotten).toMatchObject({ refreshToken: null });
      const [refused] = await shopStores();
      expect(refused).toMatchObject({ isConnected: false, shopifyRefusedAt: expect.any(Date) });

      // The merchant opens the app in the Shopify admin.
      const response = await client.get<Array<{ isConnected: boolean; shopifyRefusedAt: string | null }>>(
        "/api/stores",
        fromAdmin(sessionToken(SHOP)),
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual([expect.objectContaining({ isConnected: true, shopifyRefusedAt: null })]);
      const [reconnected] = await shopStores();
      expect(decryptSecret(reconnected?.shopifyAccessToken ?? "")).toBe("shpat_issued_after_the_refusal");
      expect(decryptSecret((await offlineSession())?.accessToken ?? "")).toBe(
        "shpat_issued_after_the_refusal",
      );
    } finally {
      FAKE_SHOP.accessToken = original;
      // The shop's own token again for the tests that follow: the next session token installs it anew.
      await testDb().delete(shopifySessions).where(eq(shopifySessions.shop, SHOP));
    }
  });
});

describe("session tokens on the JSON API", () => {
  it("accepts a valid token as the shop's store, and only that store", async () => {
    const response = await client.get<Array<{ shopifyDomain: string }>>(
      "/api/stores",
      fromAdmin(sessionToken(SHOP)),
    );
    expect(response.status).toBe(200);
    expect(response.body.map((store) => store.shopifyDomain)).toEqual([SHOP]);
  });

  it("serves the embedded screens' data requests with a Bearer token", async () => {
    const response = await client.get("/app/subscribers.data", fromAdmin(sessionToken(SHOP)));
    expect(response.status).toBe(200);
  });

  it.each([
    ["tampered", () => `${sessionToken(SHOP).slice(0, -2)}xx`],
    ["expired", () => sessionToken(SHOP, { exp: Math.floor(Date.now() / 1000) - 60 })],
    ["not yet valid", () => sessionToken(SHOP, { nbf: Math.floor(Date.now() / 1000) + 600 })],
    ["for another app", () => sessionToken(SHOP, { aud: "another-api-key" })],
    ["signed with another secret", () => sessionToken(SHOP, {}, "not-the-app-secret")],
  ])(
    "refuses a %s token with Shopify's 401, which tells App Bridge to retry with a fresh token",
    async (_kind, token) => {
      const response = await client.get("/api/stores", fromAdmin(token()));
      expect(response.status).toBe(401);
      expect(response.headers.get(RETRY_HEADER)).toBe("1");
    },
  );

  it.each([
    ["names a host that is no shop", () => sessionToken(SHOP, { dest: "https://evil.example" })],
    ["names no URL at all", () => sessionToken(SHOP, { dest: "evil" })],
    ["names a shop whose token exchange Shopify refuses", () => sessionToken("no-such-shop.myshopify.com")],
  ])(
    "answers the same retryable 401 to a token signed with the app's secret that %s",
    async (_kind, token) => {
      for (const path of ["/api/stores", "/app/subscribers.data"]) {
        const response = await client.get(path, fromAdmin(token()));
        expect(response.status).toBe(401);
        expect(response.headers.get(RETRY_HEADER)).toBe("1");
      }
      const document = await client.get(embeddedUrl("/app", SHOP, token()), fromAdmin());
      expect(document.status).toBe(302);
      expect(document.headers.get("location")).toMatch(/^\/auth\/session-token\?/);
    },
  );

  it.each([
    ["an embedded screen's data request", "/app/subscribers.data"],
    ["the subscriber export", "/api/stores/any-store/subscribers/export.csv"],
  ])("answers the same retryable 401 to %s with an expired token", async (_kind, path) => {
    const expired = sessionToken(SHOP, { exp: Math.floor(Date.now() / 1000) - 60 });
    const response = await client.get(path, fromAdmin(expired));
    expect(response.status).toBe(401);
    expect(response.headers.get(RETRY_HEADER)).toBe("1");
  });

  it("sends a document request with an expired token to the bounce page for a fresh one", async () => {
    const expired = sessionToken(SHOP, { exp: Math.floor(Date.now() / 1000) - 60 });
    const response = await client.get(embeddedUrl("/app", SHOP, expired), fromAdmin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\/session-token\?/);
    expect(response.headers.get(RETRY_HEADER)).toBeNull();
  });

  it("answers 404 for another organization's store", async () => {
    const other = await createSecondOrganization();
    const foreign = await createStoreFor(other.admin.id);
    const bearer = fromAdmin(sessionToken(SHOP));
    expect((await client.get(`/api/stores/${foreign.id}/popup`, bearer)).status).toBe(404);
    expect((await client.put(`/api/stores/${foreign.id}`, { name: "Taken" }, bearer)).status).toBe(404);
    expect((await client.get(`/api/stores/${foreign.id}/subscribers`, bearer)).status).toBe(404);
    const screen = await client.get(embeddedUrl("/app/subscribers", SHOP), fromAdmin());
    expect(screen.text).not.toContain(foreign.name);
  });
});

describe("without the Shopify variables (standalone mode)", () => {
  it("has no embedded app and no session-token actors", async () => {
    const standalone = await startApp({
      env: { SHOPIFY_API_KEY: undefined, SHOPIFY_API_SECRET: undefined, SHOPIFY_APP_URL: undefined },
    });
    try {
      const http = new HttpClient(standalone.url);
      expect((await http.get(embeddedUrl("/app", SHOP), fromAdmin())).status).toBe(404);
      expect((await http.get("/api/stores", fromAdmin(sessionToken(SHOP)))).status).toBe(401);
    } finally {
      await standalone.stop();
    }
  });
});
