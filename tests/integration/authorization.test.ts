import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailClickTracking, subscribers } from "~/db/schema";
import routes from "~/routes";
import { createStoreFor } from "../support/actors";
import {
  type ApiRouteCase,
  apiRouteCases,
  type Fixture,
  pathOf,
  unauthenticatedApiPatterns,
} from "../support/api-routes";
import { type AppServer, startApp } from "../support/app-server";
import { sqlRows, testDb } from "../support/db";
import { createMember, createOrganizationWithAdmin, createSecondOrganization } from "../support/fixtures";
import { HttpClient } from "../support/http";

type Caller =
  | "anonymous"
  | "member without the permission"
  | "member with it"
  | "admin"
  | "another organization's admin";

let app: AppServer;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
const clients = new Map<Caller, HttpClient>();

/** Everything a refused call must leave untouched (sessions excluded: reading one extends it). */
async function fingerprint(): Promise<string> {
  const tables = [
    "organizations",
    "users",
    "stores",
    "popup_configs",
    "email_templates",
    "email_settings",
    "subscribers",
  ];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const [row] = await sqlRows<{ digest: string }>(
        `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`,
      );
      return `${table}:${row?.digest}`;
    }),
  );
  return parts.join(",");
}

async function freshFixture(): Promise<Fixture> {
  const store = await createStoreFor(owner.admin.id);
  const { member } = await createMember(owner.organization.id, {});
  const [analytics] = await testDb()
    .insert(emailClickTracking)
    .values({
      storeId: store.id,
      subscriberEmail: "reader@acme.example",
      trackingId: randomUUID(),
      originalUrl: "https://acme.example",
    })
    .returning();
  if (!analytics) throw new Error("no analytics row");
  const [subscriber] = await testDb()
    .insert(subscribers)
    .values({ storeId: store.id, email: "reader@acme.example" })
    .returning();
  if (!subscriber) throw new Error("no subscriber row");
  return { storeId: store.id, memberId: member.id, analyticsId: analytics.id, subscriberId: subscriber.id };
}

function expectedStatus(row: ApiRouteCase, caller: Caller): number {
  switch (caller) {
    case "anonymous":
      return 401;
    case "member without the permission":
      return row.requires === "signed-in" ? row.okStatus : 403;
    case "member with it":
    case "admin":
      return row.okStatus;
    case "another organization's admin":
      return row.scope === "object" ? 404 : row.okStatus;
  }
}

async function loggedIn(email: string, password: string) {
  const client = new HttpClient(app.url);
  await client.login(email, password);
  return client;
}

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  const other = await createSecondOrganization();
  const bare = await createMember(owner.organization.id, {});
  app = await startApp();
  clients.set("anonymous", new HttpClient(app.url));
  clients.set("member without the permission", await loggedIn(bare.email, bare.password));
  clients.set("admin", await loggedIn(owner.email, owner.password));
  clients.set("another organization's admin", await loggedIn(other.email, other.password));
});

afterAll(async () => {
  await app?.stop();
});

describe("the route table", () => {
  it("lists every /api route of app/routes.ts", () => {
    const patterns: string[] = [];
    const walk = (entries: { path?: string; children?: unknown[] }[]) => {
      for (const entry of entries) {
        if (entry.path?.startsWith("api/")) patterns.push(entry.path);
        if (entry.children) walk(entry.children as { path?: string; children?: unknown[] }[]);
      }
    };
    walk(routes);
    const covered = new Set([...apiRouteCases.map((row) => row.pattern), ...unauthenticatedApiPatterns]);
    expect(patterns.filter((pattern) => !covered.has(pattern))).toEqual([]);
  });
});

const callers: Caller[] = [
  "anonymous",
  "member without the permission",
  "member with it",
  "admin",
  "another organization's admin",
];

/** Members never hold the admin role, and signed-in routes need no permission: no "member with it" there. */
function callersFor(row: ApiRouteCase): Caller[] {
  const grantable = row.requires !== "admin" && row.requires !== "signed-in";
  return callers.filter((caller) => grantable || caller !== "member with it");
}

describe.each(apiRouteCases)("$method /$pattern", (row) => {
  it.each(callersFor(row))("answers %s correctly and a refusal changes nothing", async (caller) => {
    const fixture = await freshFixture();
    let client = clients.get(caller);
    if (caller === "member with it") {
      const granted = await createMember(owner.organization.id, { [row.requires]: true });
      client = await loggedIn(granted.email, granted.password);
    }
    if (!client) throw new Error(`no client for ${caller}`);
    const before = await fingerprint();
    const response = await client.request(row.method, pathOf(row.pattern, fixture), row.body?.(fixture));
    const expected = expectedStatus(row, caller);
    expect(response.status, JSON.stringify(response.body)).toBe(expected);
    if (expected >= 400) {
      expect(response.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
      expect(await fingerprint()).toBe(before);
    }
    if (caller === "another organization's admin" && row.method === "GET") {
      expect(response.text).not.toContain(fixture.storeId);
      expect(response.text).not.toContain(owner.email);
    }
  });
});
