import { logger } from "~/server/logger.server";
import { DomainError, invalid, unavailable, upstreamFailed } from "~/services/errors.server";
import type { AdminOperations } from "./admin.generated";
import { SHOPIFY_API_VERSION } from "./api-version";
/** Scopes the standalone custom-app token needs: discounts (codes, usage) and customers (consent sync). */
export const REQUIRED_SCOPES = ["read_discounts", "write_discounts", "read_customers", "write_customers"];
/** Throttled calls wait for the bucket to refill; beyond this many waits the job retries later instead. */
const MAX_THROTTLE_WAITS = 5;

/** The token was refused (revoked, or never valid): the store must be marked Not Connected. */
export class ShopifyAuthError extends DomainError {
  constructor() {
    super(
      "unauthorized",
      "Shopify refused the access token. It may have been revoked: create a new one in your Shopify admin.",
    );
  }
}

export type ShopifyCredentials = { shopDomain: string; accessToken: string };

type GraphqlError = { message: string; extensions?: { code?: string } };
type GraphqlResponse<T> = {
  data?: T;
  errors?: GraphqlError[] | string;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: { currentlyAvailable: number; restoreRate: number };
    };
  };
};

/** "acme" or "acme.myshopify.com" or "https://acme.myshopify.com/admin" → "acme.myshopify.com"; anything else is refused. */
export function shopDomainOf(value: string): string {
  const trimmed = value.trim().toLowerCase();
  const host = /^[a-z][a-z0-9+.-]*:\/\//.test(trimmed)
    ? new URL(trimmed).hostname
    : (trimmed.split("/")[0] ?? "");
  const domain = host.includes(".") ? host : `${host}.myshopify.com`;
  if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(domain)) {
    throw invalid("Enter your store's myshopify.com address (Shopify admin → Settings → Domains)");
  }
  return domain;
}

function throttledWaitMs(body: GraphqlResponse<unknown>): number | null {
  const throttled =
    Array.isArray(body.errors) && body.errors.some((error) => error.extensions?.code === "THROTTLED");
  if (!throttled) return null;
  const cost = body.extensions?.cost;
  const needed = (cost?.requestedQueryCost ?? 50) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate ?? 50;
  return Math.max(250, Math.ceil((Math.max(needed, 1) / rate) * 1000));
}

/** A document's variables: an argument only when the operation declares some. */
type VariablesOf<Document extends keyof AdminOperations> =
  AdminOperations[Document]["variables"] extends Record<string, never>
    ? []
    : [variables: AdminOperations[Document]["variables"]];

/**
 * One Admin GraphQL call, waiting and retrying while Shopify answers THROTTLED (cost-based limits). Only
 * the app's `#graphql` documents are accepted, typed by `npm run graphql-codegen` from Shopify's schema.
 */
export async function adminGraphql<Document extends keyof AdminOperations>(
  credentials: ShopifyCredentials,
  query: Document,
  ...[variables = {}]: VariablesOf<Document>
): Promise<AdminOperations[Document]["result"]> {
  const url = `https://${credentials.shopDomain}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  for (let wait = 0; ; wait += 1) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": credentials.accessToken },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(15_000),
    });
    if (response.status === 401 || response.status === 403) throw new ShopifyAuthError();
    if (response.status === 404) throw invalid(`No Shopify store answers at ${credentials.shopDomain}`);
    const body = (await response.json().catch(() => ({}))) as GraphqlResponse<
      AdminOperations[Document]["result"]
    >;
    const waitMs = response.status === 429 ? 1_000 : throttledWaitMs(body);
    if (waitMs !== null) {
      if (wait >= MAX_THROTTLE_WAITS)
        throw unavailable("Shopify is rate limiting requests; try again shortly");
      logger().debug({ shop: credentials.shopDomain, waitMs }, "Shopify throttled the call");
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      continue;
    }
    if (!response.ok || body.errors || !body.data) {
      const message = Array.isArray(body.errors)
        ? body.errors.map((error) => error.message).join("; ")
        : String(body.errors ?? response.statusText);
      throw upstreamFailed(`Shopify answered: ${message}`);
    }
    return body.data;
  }
}

/** Checks a shop and token: the shop's name, the scopes granted, and which required ones are missing. */
export async function verifyShopifyAccess(credentials: ShopifyCredentials) {
  const data = await adminGraphql(
    credentials,
    `#graphql
    query VerifyAccess { shop { name myshopifyDomain } currentAppInstallation { accessScopes { handle } } }`,
  );
  const granted = data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
  // Shopify reports write_x without read_x when both were granted (write implies read).
  const has = (scope: string) =>
    granted.includes(scope) || granted.includes(scope.replace(/^read_/, "write_"));
  return {
    shopName: data.shop.name,
    shopDomain: data.shop.myshopifyDomain,
    scopes: granted,
    missingScopes: REQUIRED_SCOPES.filter((scope) => !has(scope)),
  };
}

/** A single-use code for one subscriber: usage limit 1, once per customer, the popup's percentage off everything. */
export async function createDiscountCode(
  credentials: ShopifyCredentials,
  input: { code: string; title: string; percentage: number },
) {
  const data = await adminGraphql(
    credentials,
    `#graphql
    mutation CreateSubscriberCode($discount: DiscountCodeBasicInput!) {
      discountCodeBasicCreate(basicCodeDiscount: $discount) {
        codeDiscountNode { id }
        userErrors { field message code }
      }
    }`,
    {
      discount: {
        title: input.title,
        code: input.code,
        startsAt: new Date().toISOString(),
        context: { all: "ALL" },
        customerGets: { value: { percentage: input.percentage / 100 }, items: { all: true } },
        appliesOncePerCustomer: true,
        usageLimit: 1,
      },
    },
  );
  const { codeDiscountNode = null, userErrors = [] } = data.discountCodeBasicCreate ?? {};
  if (userErrors.length > 0 || !codeDiscountNode) {
    throw invalid(
      `Shopify refused the discount code: ${userErrors.map((error) => error.message).join("; ")}`,
    );
  }
  return codeDiscountNode.id;
}

/** How often a code was used, or null when the shop has no such code. */
export async function discountCodeUsage(
  credentials: ShopifyCredentials,
  code: string,
): Promise<number | null> {
  const data = await adminGraphql(
    credentials,
    `#graphql
    query CodeUsage($code: String!) {
      codeDiscountNodeByCode(code: $code) { id codeDiscount { ... on DiscountCodeBasic { asyncUsageCount } } }
    }`,
    { code },
  );
  const node = data.codeDiscountNodeByCode;
  if (!node) return null;
  // Only basic code discounts (the kind the app creates) are asked for their usage.
  return "asyncUsageCount" in node.codeDiscount ? node.codeDiscount.asyncUsageCount : 0;
}
