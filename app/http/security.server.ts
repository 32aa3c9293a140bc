import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { APP_FETCH_HEADER } from "~/lib/api-client";
import { forbidden } from "~/server/domain-errors.server";
import { env, isProduction } from "~/server/env.server";
import { refuseCrossSite } from "./cross-site-page.server";

const STOREFRONT_ASSETS = [/^\/api\/public\//, /^\/js\//];
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Called cross-site by design: the storefront popup (directly, or through a shop's App Proxy, where Shopify's
 * signature authenticates it), click tracking, one-click unsubscribe. Shopify's webhooks
 * need no entry: a server-to-server POST carries no Origin (or Sec-Fetch-Site), so it passes, and its HMAC is
 * what authenticates it; a browser's cross-site POST to /webhooks/* is refused like any other.
 */
const CROSS_SITE_ALLOWED = [/^\/api\/public\//, /^\/u\//, /^\/proxy\//];

/** Pages of the embedded app (and Shopify's auth pages) are shown by the Shopify admin inside an iframe. */
const EMBEDDED_PAGES = /^\/(app|auth)(\/|\.data$|$)/;
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
/** App Bridge and its Polaris companion are only served from Shopify's CDN. */
const SHOPIFY_CDN = "https://cdn.shopify.com";

/** Who may frame an embedded page: the Shopify admin, and the shop named by ?shop= (Shopify's rule). */
function adminFrameAncestors(req: Request): string {
  const shop = typeof req.query.shop === "string" && SHOP_DOMAIN.test(req.query.shop) ? req.query.shop : null;
  return shop ? `https://${shop} https://admin.shopify.com` : "https://admin.shopify.com";
}

/** Sets a per-request CSP nonce and the security headers every response carries. */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  // No referrer leaves for another site; same-origin requests keep theirs, so a form posted before the page's
  // JavaScript runs carries its true Origin (under no-referrer the browser says Origin: null, which React
  // Router's own check refuses with "Bad Request").
  res.setHeader("Referrer-Policy", "same-origin");
  // The storefront's JSON and script render nothing: no nonce or page policy to compute on that hot path.
  if (STOREFRONT_ASSETS.some((pattern) => pattern.test(req.path))) return next();
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  const embedded = EMBEDDED_PAGES.test(req.path);
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (!embedded) res.setHeader("X-Frame-Options", "DENY");
  // Over plain http the header is ignored at best; req.secure is TLS here, or X-Forwarded-Proto from a trusted proxy.
  if (isProduction() && req.secure) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  // Vite's dev server injects inline modules without a nonce, so the policy applies to built assets only.
  if (isProduction() || req.path.startsWith("/api/")) {
    setPolicyUnlessResponseHasOne(
      res,
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'${embedded ? ` ${SHOPIFY_CDN}` : ""}`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "font-src 'self' data:",
        "connect-src 'self'",
        `frame-ancestors ${embedded ? adminFrameAncestors(req) : "'none'"}`,
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ].join("; "),
    );
  }
  next();
}

/**
 * The page policy, set as the headers go out unless the response brought its own: Shopify's auth pages
 * (the session-token bounce page, the exit-iframe page) carry the library's policy, which lets the admin
 * frame them, and their inline script runs under no nonce of ours. A browser enforces every policy it is
 * sent, so the two together would block that script: one policy per response.
 */
function setPolicyUnlessResponseHasOne(res: Response, policy: string): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
    if (!this.hasHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", policy);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/** The names of this machine: in development, any of them opens the app the log prints as localhost. */
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** An origin on a loopback name, and the same origin under the other loopback names (same scheme and port). */
function withLoopbackTwins(origin: URL): string[] {
  if (!LOOPBACK_NAMES.includes(origin.hostname)) return [origin.origin];
  return LOOPBACK_NAMES.map((name) => {
    const twin = new URL(origin.origin);
    twin.hostname = name;
    return twin.origin;
  });
}

/**
 * The app's own origins: APP_URL, and the embedded app's SHOPIFY_APP_URL; in development, a loopback
 * address under each loopback name (http://127.0.0.1:3000 is http://localhost:3000 there). Never the
 * request's Host, which the client chooses (a DNS-rebinding page sends its own).
 */
function appOrigins(): Set<string> {
  const { APP_URL, SHOPIFY_APP_URL } = env();
  const urls = [APP_URL, SHOPIFY_APP_URL].flatMap((url) => (url ? [new URL(url)] : []));
  return new Set(urls.flatMap((url) => (isProduction() ? [url.origin] : withLoopbackTwins(url))));
}

/**
 * Whether a browser sent this request from another site. Some requests say `Origin: null` (a sandboxed frame,
 * a page that asked for no referrer, a privacy extension): then only the browser's own Sec-Fetch-Site (which
 * pages cannot set) can vouch for it.
 */
function isCrossSite(req: Request): boolean {
  const origin = req.get("origin");
  const site = req.get("sec-fetch-site");
  if (origin === "null") return site !== "same-origin";
  return origin ? !appOrigins().has(origin) : site === "cross-site";
}

const crossSiteRefused = () => forbidden("Cross-site request refused");

/**
 * Refuses a state-changing request that a browser sent from another site (CSRF). Browsers send
 * Origin on every cross-origin POST/PUT/DELETE; Sec-Fetch-Site covers the rare request without it.
 */
export function rejectCrossSiteMutations(req: Request, res: Response, next: NextFunction) {
  if (!MUTATING.has(req.method) || CROSS_SITE_ALLOWED.some((pattern) => pattern.test(req.path)))
    return next();
  if (isCrossSite(req)) {
    refuseCrossSite(req, res);
    return;
  }
  next();
}

/**
 * Guards a GET that changes state (SPEC §7's ?regenerate=true): SameSite=Lax sends the session cookie on a
 * cross-site top-level navigation, which cannot add the header the app's fetch client sends.
 */
export function requireAppFetch(request: globalThis.Request): void {
  if (request.headers.get(APP_FETCH_HEADER.name) !== APP_FETCH_HEADER.value) {
    throw crossSiteRefused();
  }
}
