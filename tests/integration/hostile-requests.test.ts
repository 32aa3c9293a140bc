import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_SHOP } from "../../mocks/shopify";
import { EMBEDDED_ENV } from "../support/builders/shopify-session-token";
import { rawRequest } from "../support/clients/raw-http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { apiRouteCases, pathOf } from "../support/matrices/api-routes";
import {
  badCookies,
  HOSTILE_HEADERS,
  HOSTILE_METHODS,
  PATH_TRICKS,
  type RawCase,
  sendRawCases,
} from "../support/matrices/bad-input-raw";
import { expectSentinelUntouched, useHostileSetup } from "../support/matrices/hostile-setup";
import { openEndpointCases, openPathOf } from "../support/matrices/open-endpoints";
import { shopifyAuthPageCases } from "../support/matrices/shopify-auth-pages";
import { printSummary } from "../support/matrices/summary";

/**
 * Hostile cookies, headers, HTTP methods and paths (dot segments, odd encodings) on every page and API
 * route, and Shopify's embedded auth pages: never a 5xx, a garbled session is no session, nothing passes the
 * CSRF check, and data stored before is still there afterwards.
 */
const setup = useHostileSetup();

/** The pages a visitor opens first, beside every API route and the storefront's and emails' GET links. */
const PAGES = ["/", "/login", "/dashboard", "/store/:storeId/dashboard", "/setup", "/stores"];

type Route = { label: string; method: string; path: string };

function routes(): Route[] {
  return [
    ...apiRouteCases.map((row) => ({
      label: `${row.method} /${row.pattern}`,
      method: row.method,
      path: pathOf(row.pattern, setup.target),
    })),
    ...PAGES.map((page) => ({
      label: page,
      method: "GET",
      path: page.replace(":storeId", setup.target.storeId),
    })),
    ...openEndpointCases
      .filter((row) => row.method === "GET")
      .map((row) => ({
        label: `GET /${row.pattern}`,
        method: "GET",
        path: openPathOf(row.pattern, setup.open),
      })),
  ];
}

const changesData = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);
const signedIn = (): [string, string] => ["Cookie", `np_session=${setup.admin.sessionToken}`];
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
      const origin: [string, string][] = changesData(route.method) ? [["Origin", setup.app.url]] : [];
      const anonymous = await rawRequest(setup.app.url, {
        method: route.method,
        path: route.path,
        headers: origin,
      });
      const expected = `${anonymous.status} ${anonymous.headers.get("location") ?? ""}`;
      for (const bad of badCookies(setup.admin.sessionToken ?? "")) {
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
    expect(await sendRawCases(setup.app.url, cases, cookieTally)).toEqual([]);
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
    expect(await sendRawCases(setup.app.url, cases, headerTally)).toEqual([]);
  }, 600_000);

  it("answers every method on every route without a 5xx, signed in or not", async () => {
    const paths = [...new Set(routes().map((route) => route.path))];
    const cases = paths.flatMap((path) =>
      HOSTILE_METHODS.flatMap((method): RawCase[] => [
        { label: "anonymous", method, path },
        { label: "signed in", method, path, headers: [signedIn(), ...crossSite(method)] },
      ]),
    );
    expect(await sendRawCases(setup.app.url, cases, methodTally)).toEqual([]);
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
    expect(await sendRawCases(setup.app.url, cases, pathTally)).toEqual([]);
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
  it("lost nothing stored before", async () => {
    await expectSentinelUntouched(setup);
  });
});
