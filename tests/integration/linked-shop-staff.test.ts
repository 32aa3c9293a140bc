import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizations, shopifyLinkRequests, stores, userPreferences, users } from "~/db/schema";
import { SHOP_OWNER_INACTIVE } from "~/http/guards/embedded-actor.server";
import { allPermissions, storeLevelPermissions } from "~/lib/permissions";
import { CONNECT_ADMIN_ONLY } from "~/lib/schemas/shopify";
import { createStore } from "~/services/stores/crud.server";
import { FAKE_SHOP, FAKE_STANDALONE_SHOP } from "../../mocks/shopify";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createMember, createOrganizationWithAdmin } from "../support/builders/fixtures";
import { databaseFingerprint } from "../support/builders/route-fixtures";
import { storeOfShop } from "../support/builders/shop-links";
import { EMBEDDED_ENV, embeddedUrl } from "../support/builders/shopify-session-token";
import { HttpClient } from "../support/clients/http";
import { ShopSessionClient } from "../support/clients/shop-session";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { printSummary } from "../support/matrices/summary";

/**
 * A member with only manage_integrations controls a Shopify shop. Linking one of the organization's stores to
 * it used to make the shop's App Bridge session token the organization's administrator: members, other
 * stores, the owner's notification address. A linked shop's staff now act on its store only, and only an
 * administrator may link a store to a shop.
 */
const SHOP = FAKE_STANDALONE_SHOP.domain;
const ATTACKER_MAILBOX = "attacker@evil.example";

let app: AppServer;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let attacker: Awaited<ReturnType<typeof createMember>>;
/** Another store of the organization, whose subscribers the owner's digests list. */
let mainStoreId: string;
/** The store linked to the attacker's shop. */
let shopStoreId: string;

async function signedIn(email: string, password: string): Promise<HttpClient> {
  const client = new HttpClient(app.url);
  await client.login(email, password);
  return client;
}

/** Connect with Shopify, as far as Shopify's install: the install URL, or the refusal. */
const startConnect = (client: HttpClient) =>
  client.post<{ installUrl?: string; message?: string }>(`/api/stores/${shopStoreId}/shopify/link`);

/**
 * The shop installs the app (its first call makes its own new store), the app's Settings in its admin offer
 * the signed grant, and the dashboard's user confirms it.
 */
async function finishConnect(client: HttpClient) {
  const shop = new ShopSessionClient(app.url, SHOP);
  expect((await shop.get("/api/stores")).status).toBe(200);
  const page = await shop.get(embeddedUrl("/app/settings", SHOP), { headers: { Accept: "text/html" } });
  const grant = /\/connect\/shopify\?grant=([\w.-]+)/.exec(page.text)?.[1] ?? "";
  return client.post("/connect/shopify", undefined, {
    body: new URLSearchParams({ grant }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
  });
}

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  mainStoreId = (await createStoreFor(owner.admin.id, { name: "Main store" })).id;
  const shopStore = await createStore(await actorFor(owner.admin.id), {
    name: "Pop-up shop",
    integrationType: "shopify",
    shopifyUrl: `https://${SHOP}`,
  });
  shopStoreId = shopStore.id;
  attacker = await createMember(owner.organization.id, { manage_integrations: true });
  app = await startApp({ env: EMBEDDED_ENV });
});

afterAll(async () => {
  await app?.stop();
});

describe("linking a store to a shop", () => {
  it("is refused to a member with manage_integrations, saying only an administrator may", async () => {
    const member = await signedIn(attacker.email, attacker.password);
    const response = await startConnect(member);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: CONNECT_ADMIN_ONLY });
    const requests = await testDb()
      .select()
      .from(shopifyLinkRequests)
      .where(eq(shopifyLinkRequests.userId, attacker.member.id));
    expect(requests).toEqual([]);
  });

  it("is refused at the confirmation to someone who is no administrator any more", async () => {
    const { member, email, password } = await createMember(owner.organization.id, {
      manage_integrations: true,
    });
    await testDb().update(users).set({ role: "admin" }).where(eq(users.id, member.id));
    const demoted = await signedIn(email, password);
    const started = await startConnect(demoted);
    expect(started.status).toBe(200);
    await testDb().update(users).set({ role: "member" }).where(eq(users.id, member.id));

    const response = await finishConnect(demoted);
    expect(response.status).toBe(403);
    expect(response.text).toContain(CONNECT_ADMIN_ONLY.replaceAll("'", "&#x27;"));
    const [store] = await testDb().select().from(stores).where(eq(stores.id, shopStoreId));
    expect(store?.shopifyDomain).toBeNull();
  });
});

const refusals = printSummary(
  ({ tried, passed }, n) =>
    `linked shop staff: ${n(tried)} organization calls tried with the shop's session token, ${n(passed)} refused`,
);

describe("the session token of a shop linked to a store", () => {
  let shop: ShopSessionClient;

  beforeAll(async () => {
    // Linked the one way there is now: an administrator's Connect with Shopify.
    const admin = await signedIn(owner.email, owner.password);
    const started = await startConnect(admin);
    expect(started.status).toBe(200);
    expect((await finishConnect(admin)).status).toBe(302);
    shop = new ShopSessionClient(app.url, SHOP);
  });

  it.each([
    ["lists the organization's members", () => shop.get("/api/admin/members")],
    [
      "grants its member every permission",
      () => shop.put(`/api/admin/members/${attacker.member.id}/permissions`, { permissions: allPermissions }),
    ],
    [
      "invites a member",
      () => shop.post("/api/admin/create-member", { email: ATTACKER_MAILBOX, permissions: allPermissions }),
    ],
    ["deletes another store", () => shop.delete(`/api/stores/${mainStoreId}`)],
    ["deletes the shop's own store", () => shop.delete(`/api/stores/${shopStoreId}`)],
    [
      "sends the owner's notifications to another address",
      () => shop.put("/api/user-preferences", { adminNotificationEmail: ATTACKER_MAILBOX }),
    ],
    ["reads the owner's notification settings", () => shop.get("/api/user-preferences")],
  ])("is refused when it %s, and nothing changes", async (_call, call) => {
    refusals.tried();
    const before = await databaseFingerprint();
    const response = await call();
    expect(response.status, response.text).toBe(403);
    expect(response.body).toEqual({ message: expect.any(String) });
    expect(await databaseFingerprint()).toBe(before);
    refusals.passed();
  });

  it("leaves the owner's digests going to the owner and the member's permissions as they were", async () => {
    const [preferences] = await testDb()
      .select()
      .from(userPreferences)
      .where(eq(userPreferences.userId, owner.admin.id));
    expect(preferences).toMatchObject({
      adminNotificationEmail: owner.email,
      pendingNotificationEmail: null,
    });
    const [member] = await testDb().select().from(users).where(eq(users.id, attacker.member.id));
    expect(member?.permissions).toEqual({ manage_integrations: true });
    expect(await testDb().select().from(users).where(eq(users.email, ATTACKER_MAILBOX))).toEqual([]);
  });

  it("works on the shop's store with the store-level permissions, and sees no other store", async () => {
    const user = await shop.get<{ user: { role: string; permissions: Record<string, boolean> } }>(
      "/api/auth/user",
    );
    expect(user.body.user).toMatchObject({ role: "member", permissions: storeLevelPermissions });
    const listed = await shop.get<Array<{ id: string }>>("/api/stores");
    expect(listed.body.map((store) => store.id)).toEqual([shopStoreId]);
    expect((await shop.get(`/api/stores/${shopStoreId}/subscribers`)).status).toBe(200);
    expect((await shop.put(`/api/stores/${shopStoreId}/popup`, { buttonText: "JOIN" })).status).toBe(200);
    expect((await shop.get(`/api/stores/${mainStoreId}/subscribers`)).status).toBe(404);
  });

  it("shows the embedded Settings without the owner's notification settings", async () => {
    const page = await shop.get(embeddedUrl("/app/settings", SHOP), {
      headers: { Accept: "text/html", Authorization: null },
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain("follow the settings of this store&#x27;s owner");
    expect(page.text).not.toContain("Notify me of new subscribers");
  });
});

describe("the shop whose install created the organization", () => {
  it("stays the organization's administrator, as before", async () => {
    const installing = new ShopSessionClient(app.url, FAKE_SHOP.domain);
    expect((await installing.get("/api/stores")).status).toBe(200);
    const store = await storeOfShop(FAKE_SHOP.domain);
    const [organization] = await testDb()
      .select()
      .from(organizations)
      .where(eq(organizations.id, store.organizationId));
    expect(organization?.createdByShop).toBe(FAKE_SHOP.domain);
    // What migration 0022 recognises an install by, for organizations installed before the column.
    expect(organization?.createdAt).toEqual(store.createdAt);
    // And the store records it too: shop/redact erases this store, and only unlinks a linked one.
    expect(store.createdByShop).toBe(FAKE_SHOP.domain);
    const user = await installing.get<{ user: { role: string } }>("/api/auth/user");
    expect(user.body.user.role).toBe("admin");
    expect((await installing.get("/api/admin/members")).status).toBe(200);
    const invited = await installing.post("/api/admin/create-member", {
      email: `invited-by-${store.id}@example.com`,
      permissions: { view_subscribers: true },
    });
    expect(invited.status).toBe(201);
    const saved = await installing.put("/api/user-preferences", { dailySubscriberSummary: true });
    expect(saved.status).toBe(200);
  });
});

describe("a shop whose store's owner was deactivated", () => {
  it("is refused with 403 and a message, not a server error, and nothing is set up again", async () => {
    await testDb().update(users).set({ isActive: false }).where(eq(users.id, owner.admin.id));
    const before = await testDb().select({ id: organizations.id }).from(organizations);
    const response = await new ShopSessionClient(app.url, SHOP).get("/api/stores");
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: SHOP_OWNER_INACTIVE });
    expect(await testDb().select({ id: organizations.id }).from(organizations)).toEqual(before);
  });
});
