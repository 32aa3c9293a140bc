import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";

/**
 * The fake Shopify used by the tests and, with MOCKS=true, by `npm run dev` (see server.ts).
 * MSW handlers for the Shopify Admin GraphQL API
 * (POST https://{shop}.myshopify.com/admin/api/{version}/graphql.json), answering in Shopify's
 * documented shapes. Later features add the operations they call here.
 */
export type FakeShop = {
  domain: string;
  name: string;
  accessToken: string;
  scopes: string[];
  /** Answer this many calls with Shopify's THROTTLED error before serving again (cost-based limits). */
  throttleNext?: number;
  /** The shop's code discounts by code: created by discountCodeBasicCreate, read by codeDiscountNodeByCode. */
  discounts?: Map<string, FakeDiscount>;
};

export type FakeDiscount = {
  id: string;
  title: string;
  percentage: number;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  usageCount: number;
};

export const FAKE_SHOP: FakeShop = {
  domain: "acme-test.myshopify.com",
  name: "Acme Test Store",
  accessToken: "shpat_0123456789abcdef0123456789abcdef",
  scopes: ["read_customers", "write_customers", "read_discounts", "write_discounts"],
};

/** Shopify's answer to a missing, revoked or foreign access token. */
export const INVALID_TOKEN_ERROR =
  "[API] Invalid API key or access token (unrecognized login or wrong password)";

/** One call the fake received, for assertions. */
export type ShopifyCall = { shop: string; version: string; token: string | null; query: string };

const ENDPOINT = /^https:\/\/([a-z0-9][a-z0-9-]*\.myshopify\.com)\/admin\/api\/([^/]+)\/graphql\.json$/;

/** Every Admin API response carries its query cost; the numbers follow Shopify's default bucket. */
const cost = {
  requestedQueryCost: 1,
  actualQueryCost: 1,
  throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1999, restoreRate: 100 },
};

type Variables = Record<string, unknown>;

/** discountCodeBasicCreate: the discount as Shopify stores it, or its userErrors (a taken code). */
function createDiscount(shop: FakeShop, variables: Variables) {
  const input = (variables.discount ?? {}) as {
    code?: string;
    title?: string;
    usageLimit?: number;
    appliesOncePerCustomer?: boolean;
    customerGets?: { value?: { percentage?: number } };
  };
  shop.discounts ??= new Map();
  const code = input.code ?? "";
  if (!code || shop.discounts.has(code)) {
    return {
      codeDiscountNode: null,
      userErrors: [
        {
          field: ["basicCodeDiscount", "code"],
          message: "Code must be unique. Please try a different code.",
          code: "TAKEN",
        },
      ],
    };
  }
  const id = `gid://shopify/DiscountCodeNode/${shop.discounts.size + 1000}`;
  shop.discounts.set(code, {
    id,
    title: input.title ?? "",
    percentage: input.customerGets?.value?.percentage ?? 0,
    usageLimit: input.usageLimit ?? null,
    appliesOncePerCustomer: input.appliesOncePerCustomer ?? false,
    usageCount: 0,
  });
  return { codeDiscountNode: { id }, userErrors: [] };
}

function resolveQuery(
  shop: FakeShop,
  query: string,
  variables: Variables = {},
): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  if (/\bdiscountCodeBasicCreate\s*\(/.test(query))
    data.discountCodeBasicCreate = createDiscount(shop, variables);
  if (/\bcodeDiscountNodeByCode\s*\(/.test(query)) {
    const found = shop.discounts?.get(String(variables.code ?? ""));
    data.codeDiscountNodeByCode = found
      ? { id: found.id, codeDiscount: { __typename: "DiscountCodeBasic", asyncUsageCount: found.usageCount } }
      : null;
  }
  if (/\bshop\s*\{/.test(query)) {
    data.shop = { name: shop.name, myshopifyDomain: shop.domain };
  }
  if (/\bcurrentAppInstallation\s*\{/.test(query)) {
    data.currentAppInstallation = { accessScopes: shop.scopes.map((handle) => ({ handle })) };
  }
  return Object.keys(data).length > 0 ? data : undefined;
}

export function shopifyHandlers(shops: FakeShop[] = [FAKE_SHOP], calls: ShopifyCall[] = []) {
  return [
    http.post(ENDPOINT, async ({ request }) => {
      const [, domain = "", version = ""] = ENDPOINT.exec(request.url) ?? [];
      const token = request.headers.get("X-Shopify-Access-Token");
      const body = (await request.json().catch(() => null)) as {
        query?: unknown;
        variables?: Variables;
      } | null;
      const query = typeof body?.query === "string" ? body.query : "";
      calls.push({ shop: domain, version, token, query });

      const shop = shops.find((candidate) => candidate.domain === domain);
      if (!shop) return HttpResponse.json({ errors: "Not Found" }, { status: 404 });
      if (!token || token !== shop.accessToken) {
        return HttpResponse.json({ errors: INVALID_TOKEN_ERROR }, { status: 401 });
      }
      if (!query) {
        return HttpResponse.json(
          { errors: { query: "Required parameter missing or invalid" } },
          { status: 400 },
        );
      }
      if (shop.throttleNext && shop.throttleNext > 0) {
        shop.throttleNext -= 1;
        return HttpResponse.json({
          errors: [
            {
              message: "Throttled",
              extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
            },
          ],
          extensions: {
            cost: {
              requestedQueryCost: 10,
              actualQueryCost: null,
              throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 0, restoreRate: 100 },
            },
          },
        });
      }
      const data = resolveQuery(shop, query, body?.variables ?? {});
      if (!data) {
        return HttpResponse.json({
          errors: [{ message: "The fake Shopify does not answer this query: extend mocks/shopify.ts" }],
          extensions: { cost },
        });
      }
      return HttpResponse.json({ data, extensions: { cost } });
    }),
  ];
}

/** An MSW server for this process with the fake shops; call listen() in beforeAll and close() after. */
export function setupShopifyMock(shops: FakeShop[] = [FAKE_SHOP]) {
  const calls: ShopifyCall[] = [];
  const server = setupServer(...shopifyHandlers(shops, calls));
  return { server, calls };
}
