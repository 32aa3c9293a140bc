import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailClickTracking, popupImages, subscribers } from "~/db/schema";
import { subscriberToken } from "~/services/email/links.server";
import { FAKE_SHOP } from "../../mocks/shopify";
import { sanitizeInlineHtml } from "../../popup/sanitize";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { freshFixture } from "../support/builders/route-fixtures";
import { EMBEDDED_ENV } from "../support/builders/shopify-session-token";
import { HttpClient } from "../support/clients/http";
import { rawRequest } from "../support/clients/raw-http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { sqlRows, testDb } from "../support/infra/db";
import {
  type ApiRouteCase,
  apiRouteCases,
  type Fixture,
  pathOf,
  TINY_PNG,
} from "../support/matrices/api-routes";
import { badBodies, badPaths, badQueries, XSS_MARKER } from "../support/matrices/bad-input";
import {
  badCookies,
  HOSTILE_HEADERS,
  HOSTILE_METHODS,
  PATH_TRICKS,
  type RawCase,
  sendRawCases,
} from "../support/matrices/bad-input-raw";
import { type BadRequest, sendBadRequests } from "../support/matrices/bad-input-runner";
import { type OpenFixture, openEndpointCases, openPathOf } from "../support/matrices/open-endpoints";
import { shopifyAuthPageCases } from "../support/matrices/shopify-auth-pages";
import { printSummary } from "../support/matrices/summary";

/**
 * Every JSON and public endpoint gets malformed JSON, wrong types, huge strings, odd unicode, CRLF,
 * script and SQL payloads: never a 5xx, a 4xx says why in JSON, a refusal changes nothing, what is
 * accepted never runs as script, and data stored before is still there afterwards.
 */
let app: AppServer;
let admin: HttpClient;
let anonymous: HttpClient;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let target: Fixture;
let open: OpenFixture;
let sentinelStoreId: string;
let sentinelBefore: string;

const tally = printSummary(({ tried, figures }, n) => {
  const figure = (name: string) => n(figures.get(name) ?? 0);
  return `bad input: ${n(tried)} requests, ${figure("5xx")} 5xx, ${figure("refused")} refused, ${figure("accepted")} accepted`;
});

/** Everything stored for the sentinel store, which no hostile request addresses. */
async function sentinelSnapshot(): Promise<string> {
  const tables = ["stores", "popup_configs", "email_templates", "email_settings", "subscribers"];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const column = table === "stores" ? "id" : "store_id";
      const rows = await sqlRows<{ row: string }>(
        `select t::text as row from ${table} t where ${column} = $1 order by 1`,
        [sentinelStoreId],
      );
      return `${table}:${rows.map((row) => row.row).join("|")}`;
    }),
  );
  return parts.join("\n");
}

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  const sentinel = await createStoreFor(owner.admin.id, { name: "Sentinel Supplies" });
  sentinelStoreId = sentinel.id;
  await testDb()
    .insert(subscribers)
    .values(
      ["ann", "bob", "cy"].map((name) => ({ storeId: sentinel.id, email: `${name}@sentinel.example`, name })),
    );
  sentinelBefore = await sentinelSnapshot();

  // One store takes every signed-in hostile request; no good request is ever sent, so nothing is deleted.
  target = await freshFixture(owner.organization.id, owner.admin.id);
  const [subscriber] = await testDb()
    .insert(subscribers)
    .values({ storeId: target.storeId, email: "reader2@acme.example" })
    .returning();
  if (!subscriber) throw new Error("no subscriber");
  const trackingId = randomUUID();
  await testDb().insert(emailClickTracking).values({
    storeId: target.storeId,
    subscriberEmail: subscriber.email,
    trackingId,
    originalUrl: "https://acme.example",
  });
  const [image] = await testDb()
    .insert(popupImages)
    .values({
      storeId: target.storeId,
      contentType: "image/png",
      bytes: TINY_PNG,
      byteSize: TINY_PNG.byteLength,
    })
    .returning({ id: popupImages.id });
  if (!image) throw new Error("no image");
  open = {
    imageId: image.id,
    storeId: target.storeId,
    trackingId,
    unsubscribeToken: subscriberToken("unsubscribe", subscriber.id),
    confirmToken: subscriberToken("confirm", subscriber.id),
    // Only hostile values take its place: no request here may confirm a real address.
    notificationToken: randomUUID(),
  };

  app = await startApp({
    env: {
      LOG_LEVEL: "info",
      TRUST_PROXY: "1",
      SUBSCRIBE_LIMIT_PER_IP: "100000",
      SUBSCRIBE_LIMIT_PER_STORE: "100000",
    },
  });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
  anonymous = new HttpClient(app.url);
  // The name field on, so hostile names are stored and shown on the subscribers screen.
  expect((await admin.put(`/api/stores/${target.storeId}/popup`, { fields: { name: true } })).status).toBe(
    200,
  );
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

const idValues = () => ({
  storeId: target.storeId,
  memberId: target.memberId,
  subscriberId: target.subscriberId,
  popupId: target.popupId,
  campaignId: target.campaignId,
  id: target.analyticsId,
});

/** Bodies go where the route reads one; a DELETE of the target itself (store, member) would empty the fixture. */
const readsBody = (row: ApiRouteCase) =>
  row.body !== undefined || row.method === "POST" || row.method === "PUT";

describe.each(apiRouteCases)("$method /$pattern as an admin", (row) => {
  it("answers hostile input with a 4xx JSON message, never a 5xx, and a refusal changes nothing", async () => {
    const path = pathOf(row.pattern, target);
    const requests: BadRequest[] = [
      ...badPaths(row.pattern, idValues()).map((bad) => ({ ...bad, method: row.method })),
      ...(row.method === "GET" ? badQueries(path).map((bad) => ({ ...bad, method: row.method })) : []),
      ...(readsBody(row)
        ? badBodies(() => row.body?.(target) ?? {}).map((bad) => ({ ...bad, method: row.method, path }))
        : []),
    ];
    expect(await sendBadRequests(admin, requests, { json: true, tally })).toEqual([]);
  });
});

describe.each(openEndpointCases)("$method /$pattern, anonymous", (row) => {
  it("answers hostile input with a 4xx, never a 5xx, and a refusal changes nothing", async () => {
    const path = openPathOf(row.pattern, open);
    const values: Record<string, string> = { ...open };
    const requests: BadRequest[] = [
      ...badPaths(row.pattern, values).map((bad) => ({ ...bad, method: row.method })),
      ...(row.body ? badBodies(row.body).map((bad) => ({ ...bad, method: row.method, path })) : []),
    ];
    expect(await sendBadRequests(anonymous, requests, { json: row.kind === "json", tally })).toEqual([]);
  });
});

/** The pages a visitor opens first, beside every API route and the storefront's and emails' GET links. */
const PAGES = ["/", "/login", "/dashboard", "/store/:storeId/dashboard", "/setup", "/stores"];

type Route = { label: string; method: string; path: string };

function routes(): Route[] {
  return [
    ...apiRouteCases.map((row) => ({
      label: `${row.method} /${row.pattern}`,
      method: row.method,
      path: pathOf(row.pattern, target),
    })),
    ...PAGES.map((page) => ({ label: page, method: "GET", path: page.replace(":storeId", target.storeId) })),
    ...openEndpointCases
      .filter((row) => row.method === "GET")
      .map((row) => ({ label: `GET /${row.pattern}`, method: "GET", path: openPathOf(row.pattern, open) })),
  ];
}

const changesData = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);
const signedIn = (): [string, string] => ["Cookie", `np_session=${admin.sessionToken}`];
/**
 * Signed in, a request that could change data is sent cross-site, so the guard refuses it before any
 * handler: nothing here changes data (the body suites above reach those handlers).
 */
const crossSite = (method: string): [string, string][] =>
  changesData(method) ? [["Origin", "https://evil.example"]] : [];

const kindSummary = (kind: string) =>
  printSummary(({ tried, figures }, n) => `${kind}: ${n(tried)} requests, ${n(figures.get("5xx") ?? 0)} 5xx`);
const cookieTally = kindSummary("bad cookies");
const headerTally = kindSummary("bad headers");
const methodTally = kindSummary("bad methods");
const pathTally = kindSummary("bad paths");

describe("hostile cookies, headers, methods and paths on every page and API route", () => {
  it("answers a garbled or duplicated session cookie as if there were none, never with a 5xx", async () => {
    const cases: RawCase[] = [];
    for (const route of routes()) {
      // Same-origin: a request taken for anonymous must reach the sign-in check and stop there.
      const origin: [string, string][] = changesData(route.method) ? [["Origin", app.url]] : [];
      const anonymous = await rawRequest(app.url, {
        method: route.method,
        path: route.path,
        headers: origin,
      });
      const expected = `${anonymous.status} ${anonymous.headers.get("location") ?? ""}`;
      for (const bad of badCookies(admin.sessionToken ?? "")) {
        if (!bad.signedOut && changesData(route.method)) continue;
        cases.push({
          label: `${route.label}, ${bad.label}`,
          method: route.method,
          path: route.path,
          headers: [...origin, ["Cookie", bad.cookie]],
          check: (response) => {
            const answer = `${response.status} ${response.headers.get("location") ?? ""}`;
            return bad.signedOut && answer !== expected ? `${answer}, signed out is ${expected}` : undefined;
          },
        });
      }
    }
    expect(await sendRawCases(app.url, cases, cookieTally)).toEqual([]);
  }, 600_000);

  it("answers hostile headers without a 5xx", async () => {
    const cases = routes().flatMap((route) =>
      HOSTILE_HEADERS.map(
        (bad): RawCase => ({
          label: `${route.label}, ${bad.label}`,
          method: route.method,
          path: route.path,
          headers: [signedIn(), ...crossSite(route.method), ...bad.headers],
          body: bad.body,
        }),
      ),
    );
    expect(await sendRawCases(app.url, cases, headerTally)).toEqual([]);
  }, 600_000);

  it("answers every method on every route without a 5xx, signed in or not", async () => {
    const paths = [...new Set(routes().map((route) => route.path))];
    const cases = paths.flatMap((path) =>
      HOSTILE_METHODS.flatMap((method): RawCase[] => [
        { label: "anonymous", method, path },
        { label: "signed in", method, path, headers: [signedIn(), ...crossSite(method)] },
      ]),
    );
    expect(await sendRawCases(app.url, cases, methodTally)).toEqual([]);
  }, 600_000);

  it("answers dot segments and odd encodings without a 5xx, and never lets one past the CSRF check", async () => {
    const cases = routes().flatMap((route) =>
      PATH_TRICKS.map(
        (trick): RawCase => ({
          label: `${route.label}, ${trick.label}`,
          method: route.method,
          path: trick.path(route.path),
          headers: [signedIn(), ...crossSite(route.method)],
          check: (response) =>
            changesData(route.method) && response.status < 400
              ? `${response.status}: a cross-site request was let through`
              : undefined,
        }),
      ),
    );
    expect(await sendRawCases(app.url, cases, pathTally)).toEqual([]);
  }, 600_000);
});

const authPageTally = printSummary(
  ({ tried, figures }, n) => `embedded auth pages: ${n(tried)} requests, ${n(figures.get("5xx") ?? 0)} 5xx`,
);

describe("Shopify's exit-iframe and login pages, embedded", () => {
  let embedded: AppServer;

  beforeAll(async () => {
    embedded = await startApp({ env: { ...EMBEDDED_ENV, TRUST_PROXY: "1" } });
  });

  afterAll(async () => {
    await embedded?.stop();
  });

  it("answer hostile targets, shops and tokens without a 5xx, and never send the admin to another site", async () => {
    expect(await sendRawCases(embedded.url, shopifyAuthPageCases(FAKE_SHOP.domain), authPageTally)).toEqual(
      [],
    );
  }, 600_000);
});

describe("what the hostile requests left behind", () => {
  it("never appears as markup or a script URL on a screen", async () => {
    const { storeId } = target;
    // The payloads were stored (a subscriber's name, a store's name), so the screens below do show them.
    for (const table of ["subscribers", "stores"]) {
      const stored = await sqlRows(`select 1 from ${table} where name like $1`, [`%${XSS_MARKER}%`]);
      expect(stored.length, table).toBeGreaterThan(0);
    }
    const screens = [
      "/stores",
      "/admin/members",
      ...[
        "dashboard",
        "subscribers",
        "popup-builder",
        "email-templates",
        "email-analytics",
        "settings",
        "integration",
      ].map((screen) => `/store/${storeId}/${screen}`),
    ];
    for (const screen of screens) {
      const page = await admin.get(screen, { headers: { Accept: "text/html" } });
      expect(page.status, screen).toBe(200);
      const html = page.text;
      expect(html, screen).not.toContain(`<script>alert("${XSS_MARKER}")`);
      expect(html, screen).not.toContain(`<img src=x onerror=alert("${XSS_MARKER}")`);
      expect(html, screen).not.toMatch(/\s(?:href|src|action)\s*=\s*["']?\s*javascript:/i);
    }
  });

  it("reaches the storefront only as sanitized text", async () => {
    const config = await anonymous.get<{ title: string; subtitle?: string }>(
      `/api/public/stores/${target.storeId}/popup`,
    );
    expect(config.status).toBe(200);
    for (const text of [config.body.title, config.body.subtitle ?? ""]) {
      expect(sanitizeInlineHtml(text)).toBe(text);
      expect(text).not.toMatch(/<(?!\/?(strong|b|mark|em|i)>)/i);
    }
  });

  it("lost nothing stored before", async () => {
    expect(await sentinelSnapshot()).toBe(sentinelBefore);
    const list = await admin.get<{ subscribers: { email: string }[] }>(
      `/api/stores/${sentinelStoreId}/subscribers`,
    );
    expect(list.body.subscribers.map((row) => row.email).sort()).toEqual([
      "ann@sentinel.example",
      "bob@sentinel.example",
      "cy@sentinel.example",
    ]);
  });
});
