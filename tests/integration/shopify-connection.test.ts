import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stores } from "~/db/schema";
import { CUSTOM_APP_TOKENS_RETIRED, shopifyConnectionSchema } from "~/lib/schemas/shopify";
import type { CreateStoreInput } from "~/lib/schemas/stores";
import { decryptSecret } from "~/server/crypto.server";
import { isPermanent } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import {
  adminGraphql,
  ShopifyAuthError,
  ShopifyShopRefusedError,
  verifyShopifyAccess,
} from "~/services/shopify/admin-api.server";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { connectShopify, verifyShopifyConnection, withShopify } from "~/services/shopify/connection.server";
import { createStore, updateStore } from "~/services/stores/crud.server";
import { drainInProcessJobs } from "../../jobs/client";
import { FAKE_SHOP, type FakeShop, setupShopifyMock } from "../../mocks/shopify";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createMember, createOrganizationWithAdmin } from "../support/builders/fixtures";
import { connectWithLegacyToken, LEGACY_TOKEN } from "../support/builders/legacy-shopify";
import { HttpClient } from "../support/clients/http";
import { startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

const limited: FakeShop = {
  ...FAKE_SHOP,
  domain: "limited.myshopify.com",
  name: "Limited Shop",
  accessToken: "shpat_limited",
  scopes: ["read_discounts"],
};
const shops = [{ ...FAKE_SHOP }, limited];
const { server, calls } = setupShopifyMock(shops);
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  // Calls to the app under test pass; an unexpected Shopify call fails the test.
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname.endsWith(".myshopify.com")) print.error();
    },
  });
  owner = await createOrganizationWithAdmin();
});
afterEach(async () => {
  // A connection queues a check of the popup's code in Shopify: it runs before the next test counts calls.
  await drainInProcessJobs();
  calls.length = 0;
});
afterAll(() => server.close());

describe("verifying a Shopify connection", () => {
  it("reports the shop name and that every required scope is granted", async () => {
    const store = await createStoreFor(owner.admin.id);
    const result = await verifyShopifyConnection(await actorFor(owner.admin.id), store.id, {
      shopifyUrl: "https://acme-test.myshopify.com/admin",
      accessToken: FAKE_SHOP.accessToken,
    });
    expect(result).toMatchObject({ ok: true, shopName: "Acme Test Store", missingScopes: [] });
    expect(calls[0]).toMatchObject({
      shop: "acme-test.myshopify.com",
      version: SHOPIFY_API_VERSION,
      token: FAKE_SHOP.accessToken,
    });
  });

  it("explains which scopes are missing", async () => {
    const store = await createStoreFor(owner.admin.id);
    const result = await verifyShopifyConnection(await actorFor(owner.admin.id), store.id, {
      shopifyStoreName: "limited",
      accessToken: "shpat_limited",
    });
    expect(result.ok).toBe(false);
    expect(result.missingScopes).toEqual(["write_discounts", "read_customers", "write_customers"]);
    expect(result.message).toContain("lacks write_discounts, read_customers, write_customers");
  });

  it("refuses a wrong token and a non-Shopify address with a clear message", async () => {
    const store = await createStoreFor(owner.admin.id);
    const actor = await actorFor(owner.admin.id);
    await expect(
      verifyShopifyConnection(actor, store.id, { shopifyUrl: "acme-test", accessToken: "shpat_wrong" }),
    ).rejects.toBeInstanceOf(ShopifyAuthError);
    await expect(
      verifyShopifyConnection(actor, store.id, { shopifyUrl: "https://shop.example.com", accessToken: "x" }),
    ).rejects.toMatchObject({
      kind: "invalid",
      message: "Enter your store's myshopify.com address (Shopify admin → Settings → Domains)",
    });
    expect(calls.every((call) => call.shop.endsWith(".myshopify.com"))).toBe(true);
  });

  it("waits and retries while Shopify answers THROTTLED", async () => {
    const store = await createStoreFor(owner.admin.id);
    const shop = shops[0];
    if (shop) shop.throttleNext = 2;
    const result = await verifyShopifyConnection(await actorFor(owner.admin.id), store.id, {
      shopifyUrl: "acme-test.myshopify.com",
      accessToken: FAKE_SHOP.accessToken,
    });
    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(3);
  });

  it("checks the store's saved token when the request carries none (Settings → Verify connection)", async () => {
    const store = await createStoreFor(owner.admin.id, { shopifyAccessToken: FAKE_SHOP.accessToken });
    const actor = await actorFor(owner.admin.id);
    const result = await verifyShopifyConnection(actor, store.id, { shopifyUrl: "acme-test.myshopify.com" });
    expect(result.ok).toBe(true);
    expect(calls[0]?.token).toBe(FAKE_SHOP.accessToken);

    const tokenless = await createStoreFor(owner.admin.id);
    await expect(
      verifyShopifyConnection(actor, tokenless.id, { shopifyUrl: "acme-test.myshopify.com" }),
    ).rejects.toMatchObject({ kind: "invalid", message: "Add an access token first" });
  });

  it("needs manage_integrations", async () => {
    const store = await createStoreFor(owner.admin.id);
    const { member } = await createMember(owner.organization.id, { manage_stores: true });
    await expect(
      verifyShopifyConnection(await actorFor(member.id), store.id, {
        shopifyUrl: "acme-test",
        accessToken: FAKE_SHOP.accessToken,
      }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(calls).toHaveLength(0);
  });
});

describe("connecting a store by a custom app's token (stores that have one)", () => {
  it("replaces the store's token, stored encrypted, and marks the store Connected", async () => {
    const store = await createStoreFor(owner.admin.id, { shopifyAccessToken: LEGACY_TOKEN });
    // As the API receives it: the schema strips the non-ASCII characters (SPEC §5).
    const input = shopifyConnectionSchema.parse({
      shopifyUrl: "acme-test",
      accessToken: ` ${FAKE_SHOP.accessToken}\u00e9 `,
    });
    const { store: connected } = await connectShopify(await actorFor(owner.admin.id), store.id, input);
    expect(connected).toMatchObject({
      isConnected: true,
      shopifyUrl: "https://acme-test.myshopify.com",
      shopifyStoreName: "acme-test",
    });
    expect(connected.shopifyAccessToken).toMatch(/^shpa•+cdef$/);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.shopifyAccessToken).not.toContain(FAKE_SHOP.accessToken);
    expect(decryptSecret(row?.shopifyAccessToken ?? "")).toBe(FAKE_SHOP.accessToken);
  });

  it("refuses a new token for a store that has none: Connect with Shopify instead", async () => {
    const store = await createStoreFor(owner.admin.id);
    await expect(
      connectShopify(await actorFor(owner.admin.id), store.id, {
        shopifyUrl: "acme-test",
        accessToken: FAKE_SHOP.accessToken,
      }),
    ).rejects.toMatchObject({ kind: "refused", message: CUSTOM_APP_TOKENS_RETIRED });
    expect(calls).toHaveLength(0);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row).toMatchObject({ isConnected: false, shopifyAccessToken: null });
  });

  it("refuses a token without the required scopes and leaves the store as it was", async () => {
    const store = await createStoreFor(owner.admin.id, { shopifyAccessToken: LEGACY_TOKEN });
    await expect(
      connectShopify(await actorFor(owner.admin.id), store.id, {
        shopifyStoreName: "limited",
        accessToken: "shpat_limited",
      }),
    ).rejects.toMatchObject({
      kind: "invalid",
    });
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.isConnected).toBe(false);
    expect(decryptSecret(row?.shopifyAccessToken ?? "")).toBe(LEGACY_TOKEN);
  });

  it("marks the store Not Connected and refused when Shopify later refuses the token (revoked)", async () => {
    const store = await createStoreFor(owner.admin.id);
    await connectWithLegacyToken(await actorFor(owner.admin.id), store.id, {
      shopifyUrl: "acme-test",
      accessToken: FAKE_SHOP.accessToken,
    });
    const shop = shops[0];
    if (!shop) throw new Error("no shop");
    shop.accessToken = "shpat_rotated";
    try {
      const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
      if (!row) throw new Error("no store");
      await expect(withShopify(row, async () => "unreachable")).resolves.toBe("unreachable");
      const { verifyShopifyAccess } = await import("~/services/shopify/admin-api.server");
      await expect(
        withShopify(row, (credentials) => verifyShopifyAccess(credentials)),
      ).rejects.toBeInstanceOf(ShopifyAuthError);
      const [after] = await testDb().select().from(stores).where(eq(stores.id, store.id));
      expect(after?.isConnected).toBe(false);
      expect(after?.shopifyRefusedAt).toBeInstanceOf(Date);
    } finally {
      shop.accessToken = FAKE_SHOP.accessToken;
    }
    // A new token the shop takes connects the store again and clears the refusal.
    await connectShopify(await actorFor(owner.admin.id), store.id, {
      shopifyUrl: "acme-test",
      accessToken: FAKE_SHOP.accessToken,
    });
    const [reconnected] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(reconnected).toMatchObject({ isConnected: true, shopifyRefusedAt: null });
  });
});

describe("Shopify's deprecation notices", () => {
  it("are logged as a warning naming the operation and what it used, once per operation and reason", async () => {
    const warn = vi.spyOn(logger(), "warn");
    // No document of the app uses a deprecated field (tests/unit/admin-graphql-schema.test.ts): one that does.
    const deprecatedUse = "#graphql\nquery StorefrontAddress { shop { storefrontUrl } }" as never;
    const credentials = { shopDomain: FAKE_SHOP.domain, accessToken: FAKE_SHOP.accessToken };
    try {
      for (let call = 0; call < 2; call += 1) {
        // The fake shop has no storefront URL to give: the answer fails, after its headers are read.
        await expect(adminGraphql(credentials, deprecatedUse)).rejects.toThrow();
      }
      const notices = warn.mock.calls.filter(
        ([fields]) => typeof fields === "object" && fields !== null && "reason" in fields,
      );
      expect(notices).toEqual([
        [
          expect.objectContaining({
            operation: "StorefrontAddress",
            reason: "Shop.storefrontUrl",
            apiVersion: SHOPIFY_API_VERSION,
          }),
          expect.stringContaining("deprecated"),
        ],
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("Shopify refusing a shop's calls with its token still good", () => {
  it.each([
    [402, "frozen this store until its owner pays"],
    [423, "locked"],
    [403, "lacks an access scope"],
  ] as const)(
    "answers %i as a refusal that keeps the store connected and is not retried",
    async (status, words) => {
      const store = await createStoreFor(owner.admin.id);
      await connectWithLegacyToken(await actorFor(owner.admin.id), store.id, {
        shopifyUrl: "acme-test",
        accessToken: FAKE_SHOP.accessToken,
      });
      const shop = shops[0];
      if (!shop) throw new Error("no shop");
      const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
      if (!row) throw new Error("no store");
      calls.length = 0;
      shop.refuseWith = status;
      try {
        const refusal = withShopify(row, (credentials) => verifyShopifyAccess(credentials));
        await expect(refusal).rejects.toBeInstanceOf(ShopifyShopRefusedError);
        await expect(refusal).rejects.toThrow(words);
        await expect(refusal).rejects.toSatisfy(isPermanent);
      } finally {
        shop.refuseWith = undefined;
      }
      expect(calls).toHaveLength(1);
      const [after] = await testDb().select().from(stores).where(eq(stores.id, store.id));
      expect(after).toMatchObject({ isConnected: true });
      expect(decryptSecret(after?.shopifyAccessToken ?? "")).toBe(FAKE_SHOP.accessToken);
    },
  );
});

describe("creating a Shopify store", () => {
  let counter = 0;
  /** The creation payload of the wizard's store-name mode, under a name no other test uses. */
  function shopifyStore() {
    counter += 1;
    return {
      name: `Shopify Store ${counter}`,
      integrationType: "shopify" as const,
      shopifyUrl: "https://acme-test.myshopify.com",
      shopifyStoreName: "acme-test",
    };
  }
  const storesNamed = (name: string) => testDb().select().from(stores).where(eq(stores.name, name));

  it("creates the store Not Connected, without calling Shopify", async () => {
    const org = await createOrganizationWithAdmin();
    const created = await createStore(await actorFor(org.admin.id), shopifyStore());
    expect(created).toMatchObject({
      isConnected: false,
      shopifyAccessToken: null,
      shopifyStoreName: "acme-test",
    });
    expect(calls).toHaveLength(0);
  });

  it("refuses a custom app token and creates nothing", async () => {
    const org = await createOrganizationWithAdmin();
    const input = {
      ...shopifyStore(),
      shopifyAccessToken: FAKE_SHOP.accessToken,
    } as unknown as CreateStoreInput;
    await expect(createStore(await actorFor(org.admin.id), input)).rejects.toThrow(CUSTOM_APP_TOKENS_RETIRED);
    expect(calls).toHaveLength(0);
    expect(await storesNamed(input.name)).toEqual([]);
  });

  it("refuses a second store for a shop the organization has, on the field it was typed in", async () => {
    const org = await createOrganizationWithAdmin();
    const actor = await actorFor(org.admin.id);
    const first = shopifyStore();
    await createStore(actor, first);
    const again = shopifyStore();
    const message = `acme-test.myshopify.com is already added as the store "${first.name}"`;
    await expect(createStore(actor, again)).rejects.toMatchObject({
      kind: "conflict",
      message,
      details: { fieldErrors: { shopifyStoreName: [message] } },
    });
    expect(await storesNamed(again.name)).toEqual([]);
    // Another organization may add the shop; a typical site at the same address is not a shop.
    const other = await createOrganizationWithAdmin();
    await createStore(await actorFor(other.admin.id), shopifyStore());
    await createStore(actor, { name: "Plain Site", shopifyUrl: "https://acme-test.myshopify.com" });
  });
});

describe("one store per shop, whatever the order of events", () => {
  const shop = (name: string, shopifyUrl: string) => ({
    name,
    integrationType: "shopify" as const,
    shopifyUrl,
  });

  it("lets only one of several simultaneous additions of a shop through", async () => {
    const org = await createOrganizationWithAdmin();
    const actor = await actorFor(org.admin.id);
    const attempts = await Promise.allSettled(
      ["Twin A", "Twin B", "Twin C"].map((name) =>
        createStore(actor, shop(name, "https://twins.myshopify.com")),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    for (const attempt of attempts.filter((one) => one.status === "rejected")) {
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ kind: "conflict" });
    }
  });

  it("refuses moving a store, or its custom domain, onto a shop another store has; keeps its own", async () => {
    const org = await createOrganizationWithAdmin();
    const actor = await actorFor(org.admin.id);
    await createStore(actor, {
      ...shop("First Shop", "https://first.myshopify.com"),
      customDomain: "https://first.example",
    });
    const second = await createStore(actor, shop("Second Shop", "https://second.myshopify.com"));
    const message = 'first.myshopify.com is already added as the store "First Shop"';
    await expect(
      updateStore(actor, second.id, { shopifyUrl: "https://first.myshopify.com" }),
    ).rejects.toMatchObject({
      kind: "conflict",
      message,
      details: { fieldErrors: { shopifyUrl: [message] } },
    });
    await expect(
      updateStore(actor, second.id, { customDomain: "https://FIRST.example" }),
    ).rejects.toMatchObject({
      kind: "conflict",
      details: {
        fieldErrors: { customDomain: ['first.example is already added as the store "First Shop"'] },
      },
    });
    const [row] = await testDb().select().from(stores).where(eq(stores.id, second.id));
    expect(row).toMatchObject({ shopifyUrl: "https://second.myshopify.com", customDomain: null });
    // Its own address under another spelling, and a free domain, are fine.
    await updateStore(actor, second.id, { shopifyUrl: "https://SECOND.myshopify.com" });
    await updateStore(actor, second.id, { customDomain: "https://second.example" });
  });
});

describe("over HTTP, with the app's fake Shopify (MOCKS=true)", () => {
  it("verifies and connects a store through the API", async () => {
    const app = await startApp({ env: { MOCKS: "true" }, process: true });
    try {
      const admin = new HttpClient(app.url);
      await admin.login(owner.email, owner.password);
      const store = await createStoreFor(owner.admin.id, { shopifyAccessToken: LEGACY_TOKEN });
      const body = { shopifyUrl: "acme-test.myshopify.com", accessToken: FAKE_SHOP.accessToken };
      const verified = await admin.post(`/api/stores/${store.id}/shopify/verify`, body);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ ok: true, shopName: "Acme Test Store", missingScopes: [] });
      const wrong = await admin.post(`/api/stores/${store.id}/shopify/verify`, {
        ...body,
        accessToken: "shpat_wrong",
      });
      expect(wrong.status).toBe(401);
      const connected = await admin.post<{ store: { isConnected: boolean } }>(
        `/api/stores/${store.id}/shopify/connect`,
        body,
      );
      expect(connected.body.store.isConnected).toBe(true);
      const tokenless = await createStoreFor(owner.admin.id);
      const retired = await admin.post<{ message: string }>(
        `/api/stores/${tokenless.id}/shopify/connect`,
        body,
      );
      expect(retired.status).toBe(400);
      expect(retired.body.message).toBe(CUSTOM_APP_TOKENS_RETIRED);
    } finally {
      await app.stop();
    }
  });

  it("refuses a custom app token in POST /api/stores, on its field, and creates nothing", async () => {
    const app = await startApp({ env: { MOCKS: "true" }, process: true });
    try {
      const fresh = await createOrganizationWithAdmin();
      const admin = new HttpClient(app.url);
      await admin.login(fresh.email, fresh.password);
      const body = {
        name: "Created Over HTTP",
        integrationType: "shopify",
        shopifyUrl: "https://acme-test.myshopify.com",
        shopifyStoreName: "acme-test",
        shopifyAccessToken: FAKE_SHOP.accessToken,
      };
      const refused = await admin.post<{ message: string; errors: Record<string, string[]> }>(
        "/api/stores",
        body,
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors.shopifyAccessToken).toEqual([CUSTOM_APP_TOKENS_RETIRED]);
      expect(await testDb().select().from(stores).where(eq(stores.name, body.name))).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});
