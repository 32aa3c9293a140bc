import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Permission, permissionNames } from "~/lib/permissions";
import { FAKE_SHOP, FAKE_STANDALONE_SHOP } from "../../../mocks/shopify";
import { createStoreFor } from "../builders/actors";
import { createMember, createOrganizationWithAdmin, createSecondOrganization } from "../builders/fixtures";
import { databaseFingerprint, freshFixture } from "../builders/route-fixtures";
import { linkShopTo, storeOfShop } from "../builders/shop-links";
import { EMBEDDED_ENV } from "../builders/shopify-session-token";
import { HttpClient } from "../clients/http";
import { ShopSessionClient } from "../clients/shop-session";
import { type AppServer, startApp } from "../infra/app-server";
import { type ApiRouteCase, bodyOf, type Fixture, isOrganizationRoute, pathOf } from "./api-routes";
import { printSummary } from "./summary";

/**
 * The authorization matrix (SPEC §6): every API route called by every kind of caller, each cell on fresh
 * objects. Run by authorization.test.ts and authorization-campaigns-popups.test.ts, side by side.
 */
type Caller =
  | "anonymous"
  | "member without the permission"
  | "member with it"
  | "member with every other permission"
  | "admin"
  | "another organization's admin"
  | "a linked shop's staff, on its store"
  | "a linked shop's staff, on another store"
  | "the installing shop";

/** A shop installed from its admin: its install created an organization, whose administrator it is. */
const INSTALLING_SHOP = FAKE_SHOP.domain;
/** A shop linked to a store of the owner's organization afterwards (Connect with Shopify). */
const LINKED_SHOP = FAKE_STANDALONE_SHOP.domain;

let app: AppServer;
export let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let installed: { organizationId: string; adminId: string };
/** The linked shop's store while the matrix calls another store of the organization. */
let linkedStoreId: string;
const clients = new Map<Caller, HttpClient>();

function expectedStatus(row: ApiRouteCase, caller: Caller): number {
  switch (caller) {
    case "anonymous":
      return 401;
    case "member without the permission":
    case "member with every other permission":
      return row.requires === "signed-in" ? row.okStatus : 403;
    case "member with it":
    case "admin":
      return row.okStatus;
    case "another organization's admin":
      return row.scope === "object" ? 404 : row.okStatus;
    case "a linked shop's staff, on its store":
      return isOrganizationRoute(row) ? 403 : row.okStatus;
    case "a linked shop's staff, on another store":
      if (isOrganizationRoute(row)) return 403;
      return row.scope === "object" ? 404 : row.okStatus;
    case "the installing shop":
      return row.installingShopStatus ?? row.okStatus;
  }
}

/** Fresh objects for one cell, in the caller's organization, and the shop's link where the caller needs it. */
async function fixtureFor(caller: Caller): Promise<Fixture> {
  if (caller === "the installing shop") {
    const fixture = await freshFixture(installed.organizationId, installed.adminId);
    await linkShopTo(INSTALLING_SHOP, fixture.storeId);
    return fixture;
  }
  const fixture = await freshFixture(owner.organization.id, owner.admin.id);
  if (caller === "a linked shop's staff, on its store") await linkShopTo(LINKED_SHOP, fixture.storeId);
  if (caller === "a linked shop's staff, on another store") await linkShopTo(LINKED_SHOP, linkedStoreId);
  return fixture;
}

/**
 * A shop's first session token exchanges it for the shop's offline session (an install, or the link's
 * reconnection): done here, so each cell's refusals can be held to "changed nothing".
 */
async function shopSession(shop: string): Promise<ShopSessionClient> {
  const client = new ShopSessionClient(app.url, shop);
  const first = await client.get("/api/stores");
  if (first.status !== 200) throw new Error(`${shop}'s session was refused: ${first.status} ${first.text}`);
  return client;
}

async function loggedIn(email: string, password: string) {
  const client = new HttpClient(app.url);
  await client.login(email, password);
  return client;
}

/** Registers the matrix's setup: its organizations, shops, app and one signed-in client per kind of caller. */
export function useAuthorizationMatrix(): void {
  beforeAll(async () => {
    owner = await createOrganizationWithAdmin();
    const other = await createSecondOrganization();
    const bare = await createMember(owner.organization.id, {});
    linkedStoreId = (await createStoreFor(owner.admin.id, { name: "Linked shop's store" })).id;
    await linkShopTo(LINKED_SHOP, linkedStoreId);
    app = await startApp({ env: EMBEDDED_ENV });
    clients.set("anonymous", new HttpClient(app.url));
    clients.set("member without the permission", await loggedIn(bare.email, bare.password));
    clients.set("admin", await loggedIn(owner.email, owner.password));
    clients.set("another organization's admin", await loggedIn(other.email, other.password));
    const linked = await shopSession(LINKED_SHOP);
    clients.set("a linked shop's staff, on its store", linked);
    clients.set("a linked shop's staff, on another store", linked);
    clients.set("the installing shop", await shopSession(INSTALLING_SHOP));
    const installedStore = await storeOfShop(INSTALLING_SHOP);
    installed = { organizationId: installedStore.organizationId, adminId: installedStore.userId };
  });

  afterAll(async () => {
    await app?.stop();
  });
}

const callers: Caller[] = [
  "anonymous",
  "member without the permission",
  "member with it",
  "member with every other permission",
  "admin",
  "another organization's admin",
  "a linked shop's staff, on its store",
  "a linked shop's staff, on another store",
  "the installing shop",
];

const memberCallers = new Set<Caller>(["member with it", "member with every other permission"]);

/** The permissions a row needs (none for admin-only and signed-in rows). */
const needed = (row: ApiRouteCase): Permission[] =>
  row.requires === "admin" || row.requires === "signed-in" ? [] : [row.requires, ...(row.alsoRequires ?? [])];

/** Members never hold the admin role, and signed-in routes need no permission: no granted member there. */
function callersFor(row: ApiRouteCase): Caller[] {
  return callers.filter((caller) => needed(row).length > 0 || !memberCallers.has(caller));
}

/** Members holding every permission but one, signed in once each. */
const allBut = new Map<Permission, HttpClient>();
async function memberWithAllBut(missing: Permission): Promise<HttpClient> {
  const known = allBut.get(missing);
  if (known) return known;
  const granted = Object.fromEntries(permissionNames.map((name) => [name, name !== missing]));
  const member = await createMember(owner.organization.id, granted);
  const client = await loggedIn(member.email, member.password);
  allBut.set(missing, client);
  return client;
}

/** Members holding exactly the permissions a row needs, signed in once per set. */
const exactly = new Map<string, Promise<HttpClient>>();
function memberWith(permissions: Permission[]): Promise<HttpClient> {
  const key = [...permissions].sort().join(",");
  let client = exactly.get(key);
  if (!client) {
    client = createMember(
      owner.organization.id,
      Object.fromEntries(permissions.map((name) => [name, true])),
    ).then((granted) => loggedIn(granted.email, granted.password));
    exactly.set(key, client);
  }
  return client;
}

/** The clients a cell calls with: one per missing permission for "member with every other permission". */
async function clientsFor(row: ApiRouteCase, caller: Caller): Promise<HttpClient[]> {
  if (caller === "member with every other permission") return Promise.all(needed(row).map(memberWithAllBut));
  if (caller === "member with it") return [await memberWith(needed(row))];
  const client = clients.get(caller);
  if (!client) throw new Error(`no client for ${caller}`);
  return [client];
}

const caseName = (row: ApiRouteCase) =>
  `${row.method} /${row.pattern}${row.variant ? ` ${row.variant}` : ""}`;

const matrix = printSummary(
  ({ tried, passed }, n) => `authorization matrix: ${n(tried)} cells tried, ${n(passed)} passed`,
);

/** Each route of `rows` called by every kind of caller: the status each must get, and a refusal changes nothing. */
export function describeAuthorizationCells(rows: ApiRouteCase[]): void {
  describe.each(rows.map((row) => [caseName(row), row] as const))("%s", (_name, row) => {
    it.each(callersFor(row))("answers %s correctly and a refusal changes nothing", async (caller) => {
      matrix.tried();
      for (const client of await clientsFor(row, caller)) {
        const fixture = await fixtureFor(caller);
        const before = await databaseFingerprint();
        const response = await client.request(
          row.method,
          pathOf(row.pattern, fixture),
          ...bodyOf(row, fixture),
        );
        const expected = expectedStatus(row, caller);
        expect(response.status, JSON.stringify(response.body)).toBe(expected);
        if (expected >= 400) {
          expect(response.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
          expect(await databaseFingerprint()).toBe(before);
        }
        if (caller === "another organization's admin" && row.method === "GET") {
          expect(response.text).not.toContain(fixture.storeId);
          expect(response.text).not.toContain(owner.email);
        }
        if (caller === "a linked shop's staff, on another store" && row.method === "GET") {
          expect(response.text).not.toContain(fixture.storeId);
        }
      }
      matrix.passed();
    });
  });
}

const csrf = printSummary(
  ({ tried, passed }, n) => `cross-site requests: ${n(tried)} mutating routes tried, ${n(passed)} refused`,
);

/** A page on another site makes the admin's browser call each mutating route with the admin's cookie. */
export function describeCrossSiteCalls(rows: ApiRouteCase[]): void {
  describe.each(rows.filter((row) => row.method !== "GET"))(
    "$method /$pattern from another origin",
    (row) => {
      it("is refused with 403 and changes nothing, with a valid admin session", async () => {
        csrf.tried();
        const fixture = await freshFixture(owner.organization.id, owner.admin.id);
        const admin = clients.get("admin");
        if (!admin) throw new Error("no admin client");
        const before = await databaseFingerprint();
        const [json, upload] = bodyOf(row, fixture);
        const response = await admin.request(row.method, pathOf(row.pattern, fixture), json, {
          ...upload,
          headers: { ...upload.headers, Origin: "https://evil.example" },
        });
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ message: "Cross-site request refused" });
        expect(response.headers.getSetCookie()).toEqual([]);
        expect(await databaseFingerprint()).toBe(before);
        csrf.passed();
      });
    },
  );
}
