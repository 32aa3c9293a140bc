import { createHmac } from "node:crypto";
import { TEST_SHOPIFY_APP } from "./shopify-session-token";

/** The storefront path the app embed calls (shopify.app.toml [app_proxy]). */
export const APP_PROXY_PREFIX = "/apps/newsletter-popup";

type Signing = { secret?: string; timestamp?: number };

/**
 * The URL Shopify forwards a storefront's `/apps/newsletter-popup/<path>?<query>` to, as shopify.dev
 * documents it: the shopper's query plus shop, path_prefix, timestamp and logged_in_customer_id, signed
 * with the app's secret (HMAC-SHA256, hex) over the parameters sorted by name and written `name=value`
 * with nothing between them, a repeated name's values joined by commas.
 */
export function appProxyUrl(
  path: string,
  shop: string,
  { secret = TEST_SHOPIFY_APP.apiSecret, timestamp = Math.floor(Date.now() / 1000) }: Signing = {},
): string {
  const [pathname = "", search = ""] = path.split("?");
  const params = new URLSearchParams(search);
  params.set("shop", shop);
  params.set("logged_in_customer_id", "");
  params.set("path_prefix", APP_PROXY_PREFIX);
  params.set("timestamp", String(timestamp));
  const values = new Map<string, string[]>();
  for (const [key, value] of params) values.set(key, [...(values.get(key) ?? []), value]);
  const message = [...values]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, list]) => `${key}=${list.join(",")}`)
    .join("");
  params.set("signature", createHmac("sha256", secret).update(message).digest("hex"));
  return `/proxy/${pathname.replace(/^\//, "")}?${params}`;
}
