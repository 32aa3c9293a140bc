import { createHmac, randomUUID } from "node:crypto";
import { fakeAuthorizationCode } from "../../../mocks/shopify";
import { adminHost, TEST_SHOPIFY_APP } from "./shopify-session-token";

/**
 * The query Shopify's grant screen sends the browser back with: a fresh authorization code for the app,
 * the shop, the app's state, and the HMAC of the rest under the app's secret (keys sorted, URL-encoded).
 */
export function signedCallbackQuery(
  shop: string,
  state: string,
  { secret = TEST_SHOPIFY_APP.apiSecret, code = fakeAuthorizationCode(shop, secret, randomUUID()) } = {},
): URLSearchParams {
  const fields: Record<string, string> = {
    code,
    host: adminHost(shop),
    shop,
    state,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const message = new URLSearchParams(
    Object.keys(fields)
      .sort()
      .map((key) => [key, fields[key] ?? ""]),
  ).toString();
  const hmac = createHmac("sha256", secret).update(message).digest("hex");
  return new URLSearchParams({ ...fields, hmac });
}

/** The state of an authorization URL the app sent the browser to. */
export function stateOf(authorizeUrl: string): string {
  return new URL(authorizeUrl).searchParams.get("state") ?? "";
}
