import { refused } from "~/server/domain-errors.server";

/**
 * Where Shopify's exit-iframe page may send the admin's top window (docs/decisions/034): the page runs on the
 * app's origin, so any other target would be a link from the app to anywhere.
 */
export type ExitAllowance = {
  /** The app's own URLs, SHOPIFY_APP_URL first: a relative target resolves against it, as the library does. */
  appUrls: readonly string[];
  /** The shop a valid session token in the request was signed for (its myshopify.com host), or null. */
  signedShop: string | null;
};

export const EXIT_TARGET_MISSING = "The exit page needs an exitIframe address";
export const EXIT_TARGET_REFUSED =
  "The exit page opens only this app, the signed-in shop's admin or Shopify's admin (https://admin.shopify.com)";

const SHOPIFY_ADMIN_ORIGIN = "https://admin.shopify.com";

/** Shopify's library refuses a path with an empty segment and any "///" (it would answer a 500). */
const hasEmptySegment = (url: URL) => url.pathname.includes("//") || url.href.includes("///");

function parsed(raw: string, base: string): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}

function allowedOrigin(url: URL, { appUrls, signedShop }: ExitAllowance): boolean {
  if (url.origin === SHOPIFY_ADMIN_ORIGIN) return true;
  if (appUrls.some((appUrl) => new URL(appUrl).origin === url.origin)) return true;
  // The signed shop's own admin (an install or a charge to approve), not its storefront.
  return (
    signedShop !== null &&
    url.host === signedShop &&
    (url.pathname === "/admin" || url.pathname.startsWith("/admin/"))
  );
}

/** https, no credentials, no empty path segment, and one of the allowed places. */
function isAllowed(url: URL, allowance: ExitAllowance): boolean {
  const plain = url.protocol === "https:" && url.username === "" && url.password === "";
  return plain && !hasEmptySegment(url) && allowedOrigin(url, allowance);
}

/** The exit-iframe target as the library must be handed it, absolute; refused when it is anywhere else. */
export function exitTarget(raw: string | null, allowance: ExitAllowance): URL {
  const [base] = allowance.appUrls;
  if (!raw?.trim() || !base) throw refused(EXIT_TARGET_MISSING);
  const url = parsed(raw, base);
  if (!url || !isAllowed(url, allowance)) throw refused(EXIT_TARGET_REFUSED);
  return url;
}
