import { createHmac, randomUUID } from "node:crypto";

/** The embedded app's Partner credentials in tests: the app verifies session tokens with this secret. */
export const TEST_SHOPIFY_APP = {
  apiKey: "test-api-key",
  apiSecret: "test-api-secret-0123456789abcdef",
  appUrl: "https://newsletter-popup.test",
};

/** The variables that turn embedded mode on, with the fake shop's scopes (mocks/shopify.ts). */
export const EMBEDDED_ENV = {
  SHOPIFY_API_KEY: TEST_SHOPIFY_APP.apiKey,
  SHOPIFY_API_SECRET: TEST_SHOPIFY_APP.apiSecret,
  SHOPIFY_APP_URL: TEST_SHOPIFY_APP.appUrl,
  SCOPES: "read_customers,write_customers,read_discounts,write_discounts",
  MOCKS: "true",
};

/** A desktop browser: Shopify's authenticate.admin answers 410 to user agents it takes for bots. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

type Claims = Record<string, string | number>;

function encode(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/**
 * A session token as App Bridge gets it from the admin: an HS256 JWT signed with the app's secret, for the
 * app (aud = API key), the shop's admin (iss) and shop (dest), valid for a minute. `changes` override claims.
 */
export function sessionToken(
  shop: string,
  changes: Claims = {},
  secret: string = TEST_SHOPIFY_APP.apiSecret,
): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://${shop}/admin`,
    dest: `https://${shop}`,
    aud: TEST_SHOPIFY_APP.apiKey,
    sub: "42",
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: randomUUID(),
    ...changes,
  };
  const unsigned = `${encode({ alg: "HS256", typ: "JWT" })}.${encode(claims)}`;
  return `${unsigned}.${createHmac("sha256", secret).update(unsigned).digest("base64url")}`;
}

/** The admin's `host` parameter: base64 of the shop's admin URL without the scheme. */
export function adminHost(shop: string): string {
  const adminPath = `admin.shopify.com/store/${shop.replace(".myshopify.com", "")}`;
  return Buffer.from(adminPath).toString("base64").replace(/=+$/, "");
}

/** The URL the admin loads in its iframe when the merchant opens the app. */
export function embeddedUrl(path: string, shop: string, idToken = sessionToken(shop)): string {
  const query = new URLSearchParams({ embedded: "1", shop, host: adminHost(shop), id_token: idToken });
  return `${path}?${query}`;
}
