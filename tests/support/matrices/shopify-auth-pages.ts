import {
  adminHost,
  BROWSER_USER_AGENT,
  sessionToken,
  TEST_SHOPIFY_APP,
} from "../builders/shopify-session-token";
import { HOSTILE_STRINGS } from "./bad-input";
import type { RawCase } from "./bad-input-raw";
import { OFF_SITE_TARGETS } from "./exit-targets";

/** Where a page that Shopify's exit-iframe page answered may send the admin's top window. */
const ALLOWED_ORIGINS = new Set([new URL(TEST_SHOPIFY_APP.appUrl).origin, "https://admin.shopify.com"]);
const OPENED = /window\.open\("((?:[^"\\]|\\.)*)"/g;

/** A 2xx page that opens anything but the app or Shopify's admin, or a redirect anywhere else. */
function leavesForAnotherSite(response: { status: number; headers: Map<string, string>; body: string }) {
  if (response.status >= 400) return undefined;
  const location = response.headers.get("location");
  const targets = [
    ...[...response.body.matchAll(OPENED)].map((match) => JSON.parse(`"${match[1]}"`) as string),
    ...(location ? [new URL(location, TEST_SHOPIFY_APP.appUrl).href] : []),
  ];
  const elsewhere = targets.find((target) => !ALLOWED_ORIGINS.has(new URL(target).origin));
  return elsewhere ? `${response.status} sends the admin to ${elsewhere}` : undefined;
}

/**
 * Shopify's exit-iframe and login pages with hostile targets, shops, hosts and session tokens, sent as the
 * admin's iframe sends them (a browser's user agent: the library answers bots 410 before anything else).
 */
export function shopifyAuthPageCases(shop: string): RawCase[] {
  const hostile = [
    ...OFF_SITE_TARGETS,
    ...Object.values(HOSTILE_STRINGS).map((value) => value.slice(0, 2_000)),
  ];
  const admin = { embedded: "1", shop, host: adminHost(shop) };
  const exitPage = (query: Record<string, string>) => `/auth/exit-iframe?${new URLSearchParams(query)}`;
  const paths: [string, string][] = [
    ...hostile.map((target): [string, string] => [
      `exit target ${target.slice(0, 40)}`,
      exitPage({ ...admin, exitIframe: target }),
    ]),
    ...hostile.map((value): [string, string] => [
      `exit page shop ${value.slice(0, 40)}`,
      exitPage({ embedded: "1", shop: value, host: value, exitIframe: "/app" }),
    ]),
    ...hostile.map((value): [string, string] => [
      `exit page session token ${value.slice(0, 40)}`,
      exitPage({ ...admin, id_token: value, exitIframe: `https://${shop}/admin` }),
    ]),
    [
      "exit page with another shop's token",
      exitPage({
        ...admin,
        id_token: sessionToken("other.myshopify.com"),
        exitIframe: `https://${shop}/admin`,
      }),
    ],
    ["exit target unencoded", "/auth/exit-iframe?exitIframe=https://evil.example"],
    ["exit target scheme-relative, unencoded", "/auth/exit-iframe?exitIframe=//evil.example"],
    ["exit target twice", `${exitPage(admin)}&exitIframe=/app&exitIframe=https://evil.example`],
    [
      "exit page under /app",
      `/app/auth/exit-iframe?${new URLSearchParams({ ...admin, exitIframe: "https://evil.example" })}`,
    ],
    ["exit page under /auth/x", `/auth/x/auth/exit-iframe?exitIframe=https://evil.example`],
    ["login", "/auth/login"],
    ...hostile.map((value): [string, string] => [
      `login shop ${value.slice(0, 40)}`,
      `/auth/login?${new URLSearchParams({ shop: value })}`,
    ]),
    ["login under /app", `/app/auth/login?${new URLSearchParams(admin)}`],
    ["login under /auth/x", "/auth/x/auth/login"],
  ];
  const headers: [string, string][] = [
    ["User-Agent", BROWSER_USER_AGENT],
    ["Accept", "text/html"],
  ];
  const form: [string, string][] = [...headers, ["Content-Type", "application/x-www-form-urlencoded"]];
  return [
    ...paths.map(
      ([label, path]): RawCase => ({ label, method: "GET", path, headers, check: leavesForAnotherSite }),
    ),
    ...["/auth/login", "/auth/exit-iframe"].map(
      (path): RawCase => ({
        label: "posted",
        method: "POST",
        path,
        headers: form,
        body: "shop=evil.example",
      }),
    ),
  ];
}
