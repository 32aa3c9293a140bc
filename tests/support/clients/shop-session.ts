import { BROWSER_USER_AGENT, sessionToken } from "../builders/shopify-session-token";
import { HttpClient, type HttpResponse } from "./http";

/**
 * Calls as App Bridge makes them inside a shop's Shopify admin: each request carries a fresh session token of
 * the shop as its Bearer token, from a desktop browser (Shopify's library answers bots with 410).
 */
export class ShopSessionClient extends HttpClient {
  constructor(
    baseUrl: string,
    readonly shop: string,
  ) {
    super(baseUrl);
  }

  override request<T = unknown>(
    method: string,
    path: string,
    json?: unknown,
    options: Parameters<HttpClient["request"]>[3] = {},
  ): Promise<HttpResponse<T>> {
    const headers = {
      "User-Agent": BROWSER_USER_AGENT,
      Authorization: `Bearer ${sessionToken(this.shop)}`,
      ...options.headers,
    };
    return super.request<T>(method, path, json, { ...options, headers });
  }
}
