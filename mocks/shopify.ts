import { createHmac, timingSafeEqual } from "node:crypto";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import type {
  CustomerEmailMarketingConsentInput,
  CustomerEmailMarketingConsentUpdateInput,
  CustomerIdentifierInput,
  CustomerInput,
  DiscountCodeBasicInput,
  DiscountCodeFreeShippingInput,
  DiscountRedeemCodeInput,
  MetafieldsSetInput,
} from "../app/services/shopify/admin.generated";
import { SHOPIFY_API_VERSION } from "../app/services/shopify/api-version";
import { bulkRootFields, bulkStorageHandlers, type FakeBulkOperation } from "./shopify-bulk";
import { executeAdminRequest, type RootFields } from "./shopify-graphql";

/**
 * The fake Shopify used by the tests and, with MOCKS=true, by `npm run dev` (see server.ts).
 * MSW handlers for the Shopify Admin GraphQL API
 * (POST https://{shop}.myshopify.com/admin/api/{version}/graphql.json) and the embedded app's token
 * exchange (POST https://{shop}.myshopify.com/admin/oauth/access_token), answering in Shopify's
 * documented shapes. Admin requests run over Shopify's published schema (mocks/shopify-graphql.ts); later
 * features add the root fields they call to `adminRootFields`.
 */
export type FakeShop = {
  domain: string;
  name: string;
  /** The shop owner's email (Shop.email). */
  email?: string;
  /** Shop.currencyCode (USD unless set). */
  currency?: string;
  accessToken: string;
  scopes: string[];
  /** Answer this many calls with Shopify's THROTTLED error before serving again (cost-based limits). */
  throttleNext?: number;
  /** The cost figures of those THROTTLED answers (a bucket of 2000 restoring 100 a second unless set). */
  throttleCost?: { requestedQueryCost: number; currentlyAvailable: number; restoreRate: number };
  /** Answer this many calls with 429 Too Many Requests and this Retry-After (seconds). */
  rateLimitNext?: { calls: number; retryAfterSeconds: number };
  /** Bulk operations by id (mocks/shopify-bulk.ts). */
  bulkOperations?: Map<string, FakeBulkOperation>;
  /** Staged uploads of bulk mutation variables by key: null until the file is posted. */
  stagedUploads?: Map<string, string | null>;
  /** Refuse every call as Shopify does a frozen (402) or locked (423) shop, or a call beyond the app's scopes (403). */
  refuseWith?: keyof typeof SHOP_REFUSALS;
  /**
   * The shop's code discounts by each of their codes (a discount with several codes is there under each):
   * created by discountCodeBasicCreate, given codes by discountRedeemCodeBulkAdd, read by codeDiscountNodeByCode.
   */
  discounts?: Map<string, FakeDiscount>;
  /** discountRedeemCodeBulkAdd's creations by id, which Shopify runs in the background. */
  redeemCodeCreations?: Map<string, FakeRedeemCodeCreation>;
  /** Keep every creation queued (done false) while set: Shopify slower than a subscription's wait. */
  holdRedeemCodeCreations?: boolean;
  /** The shop's customers by id: created by customerCreate, found by customerByIdentifier. */
  customers?: Map<string, FakeCustomer>;
  /** App-data metafields of this app's installation, by "namespace.key" (metafieldsSet). */
  appMetafields?: Map<string, string>;
};

export type FakeCustomer = {
  id: string;
  email: string;
  emailMarketingConsent: {
    marketingState: string;
    marketingOptInLevel: string | null;
    consentUpdatedAt: string | null;
  } | null;
};

/** The app installation every fake shop reports (the owner of app-data metafields). */
export const FAKE_APP_INSTALLATION_ID = "gid://shopify/AppInstallation/1";

/** The id every fake shop reports (Shop.id). */
const FAKE_SHOP_ID = "gid://shopify/Shop/1";

export type FakeDiscount = {
  id: string;
  /**
   * DiscountCodeBasic (discountCodeBasicCreate; also when absent, as in a test's own discount) or
   * DiscountCodeFreeShipping (discountCodeFreeShippingCreate).
   */
  type?: "DiscountCodeBasic" | "DiscountCodeFreeShipping";
  title: string;
  /** A basic discount's value: a percentage (0.15), or an amount off the order (`amount`, "10.00"). */
  percentage: number;
  amount?: string | null;
  /** minimumRequirement.subtotal.greaterThanOrEqualToSubtotal, or none. */
  minimumSubtotal?: string | null;
  /** A free-shipping discount's destination: every country. */
  allCountries?: boolean;
  /** Uses per redeem code, as Shopify counts a discount's limit. */
  usageLimit: number | null;
  appliesOncePerCustomer: boolean;
  endsAt: string | null;
  /** Its redeem codes, each with how often it was used (asyncUsageCount). */
  codes: Map<string, number>;
  /** Calls of discountRedeemCodeBulkAdd with the number of codes each brought. */
  bulkAdds: number[];
};

/** One discountRedeemCodeBulkAdd call: queued until read again, then each code added or refused. */
export type FakeRedeemCodeCreation = {
  id: string;
  discount: FakeDiscount;
  codes: string[];
  createdAt: string;
  reads: number;
  /** Each code's outcome once the creation ran; null while it is queued. */
  results: { code: string; added: boolean; errors: UserError[] }[] | null;
};

export const FAKE_SHOP: FakeShop = {
  domain: "acme-test.myshopify.com",
  name: "Acme Test Store",
  accessToken: "shpat_0123456789abcdef0123456789abcdef",
  scopes: ["read_customers", "write_customers", "read_discounts", "write_discounts"],
};

/**
 * A second shop, which a standalone organization links to its store with Connect with Shopify (installed from
 * Shopify's install link, then linked: tests/e2e/connect-with-shopify.spec.ts), apart from acme-test, which
 * the embedded specs install as a shop of its own.
 */
export const FAKE_STANDALONE_SHOP: FakeShop = {
  domain: "acme-standalone.myshopify.com",
  name: "Acme Standalone Store",
  accessToken: "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",
  scopes: FAKE_SHOP.scopes,
};

/** The shops the fake answers for by default (`npm run dev` with MOCKS=true, the e2e servers). */
const DEFAULT_SHOPS = [FAKE_SHOP, FAKE_STANDALONE_SHOP];

/** Shopify's most codes per discountRedeemCodeBulkAdd call. */
const REDEEM_CODES_PER_CALL = 250;

/** Shopify's answer to a missing, revoked or foreign access token. */
export const INVALID_TOKEN_ERROR =
  "[API] Invalid API key or access token (unrecognized login or wrong password)";

/** The status texts Shopify answers with when it refuses a shop's calls whatever the query. */
const SHOP_REFUSALS = { 402: "Payment Required", 403: "Forbidden", 423: "Locked" } as const;

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

/**
 * discountCodeBasicCreate and discountCodeFreeShippingCreate: the discount as Shopify stores it, or its
 * userErrors (a taken code).
 */
function createDiscount(
  shop: FakeShop,
  input: DiscountCodeBasicInput | DiscountCodeFreeShippingInput,
  type: FakeDiscount["type"],
) {
  shop.discounts ??= new Map();
  const code = input.code ?? "";
  if (!code || shop.discounts.has(code)) {
    return {
      codeDiscountNode: null,
      userErrors: [
        {
          field: [type === "DiscountCodeBasic" ? "basicCodeDiscount" : "freeShippingCodeDiscount", "code"],
          message: "Code must be unique. Please try a different code.",
          code: "TAKEN",
        },
      ],
    };
  }
  const id = `gid://shopify/DiscountCodeNode/${shop.discounts.size + 1000}`;
  const value = "customerGets" in input ? input.customerGets?.value : undefined;
  shop.discounts.set(code, {
    id,
    type,
    title: input.title ?? "",
    percentage: value?.percentage ?? 0,
    amount: value?.discountAmount?.amount ?? null,
    minimumSubtotal: input.minimumRequirement?.subtotal?.greaterThanOrEqualToSubtotal ?? null,
    allCountries: "destination" in input && input.destination?.all === true,
    usageLimit: input.usageLimit ?? null,
    appliesOncePerCustomer: input.appliesOncePerCustomer ?? false,
    endsAt: input.endsAt ?? null,
    codes: new Map([[code, 0]]),
    bulkAdds: [],
  });
  return { codeDiscountNode: { id }, userErrors: [] };
}

function discountById(shop: FakeShop, id: string): FakeDiscount | undefined {
  return [...(shop.discounts?.values() ?? [])].find((discount) => discount.id === id);
}

const UNKNOWN_DISCOUNT = { field: ["id"], message: "Discount does not exist", code: "INVALID" };

/**
 * discountCodeBasicUpdate and discountCodeFreeShippingUpdate: only the end date is ever changed by the app.
 * Each updates discounts of its own type only.
 */
function updateDiscount(
  shop: FakeShop,
  id: string,
  input: DiscountCodeBasicInput | DiscountCodeFreeShippingInput,
  type: FakeDiscount["type"],
) {
  const discount = discountById(shop, id);
  if (!discount || (discount.type ?? "DiscountCodeBasic") !== type)
    return { codeDiscountNode: null, userErrors: [UNKNOWN_DISCOUNT] };
  if (input.endsAt !== undefined) discount.endsAt = input.endsAt ?? null;
  return { codeDiscountNode: { id }, userErrors: [] };
}

/**
 * discountRedeemCodeBulkAdd: at most 250 codes a call. Like Shopify, it only queues a bulk creation: the codes
 * are added when the creation runs (here: when it is read a second time, unless held), and a code the shop
 * already has fails there with an error of its own (discountRedeemCodeBulkCreation).
 */
function addRedeemCodes(shop: FakeShop, discountId: string, codes: DiscountRedeemCodeInput[]) {
  const discount = discountById(shop, discountId);
  if (!discount) return { bulkCreation: null, userErrors: [{ ...UNKNOWN_DISCOUNT, field: ["discountId"] }] };
  if (codes.length > REDEEM_CODES_PER_CALL) {
    return {
      bulkCreation: null,
      userErrors: [{ field: ["codes"], message: "Too many codes", code: "TOO_MANY_ARGUMENTS" }],
    };
  }
  discount.bulkAdds.push(codes.length);
  shop.redeemCodeCreations ??= new Map();
  const id = `gid://shopify/DiscountRedeemCodeBulkCreation/${shop.redeemCodeCreations.size + 1}`;
  shop.redeemCodeCreations.set(id, {
    id,
    discount,
    codes: codes.map(({ code }) => code),
    createdAt: new Date().toISOString(),
    reads: 0,
    results: null,
  });
  return { bulkCreation: { id }, userErrors: [] };
}

/** Shopify's error for a code the shop already has (in any discount). */
const TAKEN_CODE: UserError = {
  field: ["code"],
  message: "Code must be unique. Please try a different code.",
  code: "TAKEN",
};

function runCreation(shop: FakeShop, creation: FakeRedeemCodeCreation) {
  creation.results = creation.codes.map((code) => {
    if (shop.discounts?.has(code)) return { code, added: false, errors: [TAKEN_CODE] };
    creation.discount.codes.set(code, 0);
    shop.discounts?.set(code, creation.discount);
    return { code, added: true, errors: [] };
  });
}

/** discountRedeemCodeBulkCreation: done false while queued (its first read), then each code's result. */
function readCreation(shop: FakeShop, id: string) {
  const creation = shop.redeemCodeCreations?.get(id);
  if (!creation) return null;
  creation.reads += 1;
  if (!creation.results && creation.reads > 1 && !shop.holdRedeemCodeCreations) runCreation(shop, creation);
  const results = creation.results ?? [];
  const nodes = results.map(({ code, added, errors }) => ({
    code,
    errors,
    discountRedeemCode: added
      ? { id: redeemCodeId(code), code, asyncUsageCount: creation.discount.codes.get(code) ?? 0 }
      : null,
  }));
  const failedCount = results.filter((result) => !result.added).length;
  return {
    id,
    done: creation.results !== null,
    codesCount: creation.codes.length,
    importedCount: results.length - failedCount,
    failedCount,
    createdAt: creation.createdAt,
    codes: ({ first }: { first?: number }) => connectionOf(nodes.slice(0, first ?? nodes.length)),
  };
}

/** A connection of nodes, readable as `nodes` or `edges { node }`. */
function connectionOf<T>(nodes: T[]) {
  return {
    nodes,
    edges: nodes.map((node) => ({ node })),
    pageInfo: { hasNextPage: false, hasPreviousPage: false },
  };
}

/** A discount's redeem codes that a `codes(query:)` search for one code finds (case-insensitive). */
function codesMatching(discount: FakeDiscount, query: string | undefined) {
  const nodes = [...discount.codes]
    .filter(([code]) => !query || code.toUpperCase() === query.toUpperCase())
    .map(([code, asyncUsageCount]) => ({ id: redeemCodeId(code), code, asyncUsageCount }));
  return connectionOf(nodes);
}

/**
 * discountNodes' code discounts (the fake has no automatic ones), as DiscountNodes; of the search syntax,
 * `times_used:>N` is applied (the discount's uses: the sum of its codes').
 */
function discountNodesMatching(shop: FakeShop, query: string | undefined) {
  const minimumUses = /times_used:>(\d+)/.exec(query ?? "")?.[1];
  return [...new Set(shop.discounts?.values())]
    .filter((discount) => {
      const uses = [...discount.codes.values()].reduce((sum, count) => sum + count, 0);
      return minimumUses === undefined || uses > Number(minimumUses);
    })
    .map((discount) => ({
      id: discount.id,
      discount: {
        __typename: discount.type ?? "DiscountCodeBasic",
        title: discount.title,
        codes: ({ query: codeQuery }: { query?: string }) => codesMatching(discount, codeQuery),
      },
    }));
}

const REDEEM_CODE_GID = "gid://shopify/DiscountRedeemCode/";

function redeemCodeId(code: string): string {
  return `${REDEEM_CODE_GID}${encodeURIComponent(code)}`;
}

/** discountCodeRedeemCodeBulkDelete by ids: the codes leave the discount (at once here; a job at Shopify). */
function deleteRedeemCodes(shop: FakeShop, discountId: string, ids: string[]) {
  const discount = discountById(shop, discountId);
  if (!discount) return { job: null, userErrors: [{ ...UNKNOWN_DISCOUNT, field: ["discountId"] }] };
  for (const id of ids) {
    const code = decodeURIComponent(id.slice(REDEEM_CODE_GID.length));
    if (!discount.codes.delete(code)) continue;
    shop.discounts?.delete(code);
  }
  return { job: { id: `gid://shopify/Job/${discountId.split("/").pop()}`, done: false }, userErrors: [] };
}

/** discountCodeDelete: the discount and every code of it. */
function deleteDiscount(shop: FakeShop, id: string) {
  const discount = discountById(shop, id);
  if (!discount) return { deletedCodeDiscountId: null, userErrors: [UNKNOWN_DISCOUNT] };
  for (const code of discount.codes.keys()) shop.discounts?.delete(code);
  return { deletedCodeDiscountId: id, userErrors: [] };
}

type UserError = { field: string[]; message: string; code?: string };

/** Shopify accepts only these states as input; NOT_SUBSCRIBED, REDACTED and INVALID are read-only. */
const SETTABLE_STATES = ["SUBSCRIBED", "UNSUBSCRIBED", "PENDING"];

function consentErrors(
  consent: CustomerEmailMarketingConsentInput | null | undefined,
  field: string[],
): UserError[] {
  if (!consent) return [];
  if (!SETTABLE_STATES.includes(consent.marketingState)) {
    return [{ field: [...field, "marketingState"], message: "Marketing state is invalid", code: "INVALID" }];
  }
  return [];
}

function storedConsent(consent: CustomerEmailMarketingConsentInput) {
  return {
    marketingState: consent.marketingState,
    marketingOptInLevel: consent.marketingOptInLevel ?? null,
    consentUpdatedAt: consent.consentUpdatedAt ?? new Date().toISOString(),
  };
}

function customerByEmail(shop: FakeShop, email: string): FakeCustomer | undefined {
  return [...(shop.customers?.values() ?? [])].find(
    (customer) => customer.email.toLowerCase() === email.toLowerCase(),
  );
}

/** customerCreate: a new customer, or Shopify's userErrors (a taken or invalid email, an unsettable state). */
function createCustomer(shop: FakeShop, input: CustomerInput) {
  const email = input.email ?? "";
  const errors: UserError[] = [];
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    errors.push({ field: ["email"], message: "Email is invalid" });
  else if (customerByEmail(shop, email))
    errors.push({ field: ["email"], message: "Email has already been taken" });
  errors.push(...consentErrors(input.emailMarketingConsent, ["emailMarketingConsent"]));
  if (errors.length > 0) return { customer: null, userErrors: errors };
  shop.customers ??= new Map();
  const id = `gid://shopify/Customer/${shop.customers.size + 7000}`;
  const consent = input.emailMarketingConsent ? storedConsent(input.emailMarketingConsent) : null;
  shop.customers.set(id, { id, email, emailMarketingConsent: consent });
  return { customer: { id }, userErrors: [] };
}

/** customerEmailMarketingConsentUpdate: the new consent, or userErrors for an unknown customer or state. */
function updateConsent(shop: FakeShop, input: CustomerEmailMarketingConsentUpdateInput) {
  const customer = shop.customers?.get(input.customerId);
  if (!customer) {
    return {
      customer: null,
      userErrors: [{ field: ["input", "customerId"], message: "Customer not found", code: "INVALID" }],
    };
  }
  const errors = consentErrors(input.emailMarketingConsent, ["input", "emailMarketingConsent"]);
  if (errors.length > 0) return { customer: null, userErrors: errors };
  customer.emailMarketingConsent = storedConsent(input.emailMarketingConsent);
  return { customer: { id: customer.id }, userErrors: [] };
}

/** metafieldsSet on this app's installation (app-data metafields); any other owner is refused. */
function setMetafields(shop: FakeShop, inputs: MetafieldsSetInput[]) {
  const foreign = inputs.findIndex((input) => input.ownerId !== FAKE_APP_INSTALLATION_ID);
  if (foreign >= 0) {
    return {
      metafields: [],
      userErrors: [
        {
          field: ["metafields", String(foreign), "ownerId"],
          message: "Owner does not exist",
          code: "INVALID",
        },
      ],
    };
  }
  shop.appMetafields ??= new Map();
  for (const input of inputs) shop.appMetafields.set(`${input.namespace}.${input.key}`, input.value);
  return { metafields: inputs.map((input) => ({ key: input.key })), userErrors: [] };
}

/**
 * What a fake shop answers, by Admin API root field; the schema picks what each request selected. A new
 * operation of the app needs its root field here.
 */
export function adminRootFields(shop: FakeShop, version = SHOPIFY_API_VERSION): RootFields {
  const runDocument = (requested: string, query: string, variables: Record<string, unknown>) =>
    executeAdminRequest(adminRootFields(shop, requested), { version: requested, query, variables }).result;
  return {
    ...bulkRootFields(shop, version, runDocument),
    discountNodes: ({ query }: { query?: string }) => connectionOf(discountNodesMatching(shop, query)),
    customers: () =>
      connectionOf(
        [...(shop.customers?.values() ?? [])].map((customer) => ({
          id: customer.id,
          defaultEmailAddress: { emailAddress: customer.email },
        })),
      ),
    shop: () => ({
      id: FAKE_SHOP_ID,
      name: shop.name,
      email: shop.email ?? `owner@${shop.domain}`,
      myshopifyDomain: shop.domain,
      currencyCode: shop.currency ?? "USD",
    }),
    currentAppInstallation: () => ({
      id: FAKE_APP_INSTALLATION_ID,
      accessScopes: shop.scopes.map((handle) => ({ handle })),
    }),
    codeDiscountNodeByCode: ({ code }: { code: string }) => {
      const found = shop.discounts?.get(code);
      // __typename tells the schema which member of the DiscountCode union answers.
      return found
        ? {
            id: found.id,
            codeDiscount: {
              __typename: found.type ?? "DiscountCodeBasic",
              title: found.title,
              asyncUsageCount: [...found.codes.values()].reduce((sum, uses) => sum + uses, 0),
              codes: ({ query }: { query?: string }) => codesMatching(found, query),
            },
          }
        : null;
    },
    discountCodeBasicCreate: ({ basicCodeDiscount }: { basicCodeDiscount: DiscountCodeBasicInput }) =>
      createDiscount(shop, basicCodeDiscount, "DiscountCodeBasic"),
    discountCodeFreeShippingCreate: ({
      freeShippingCodeDiscount,
    }: {
      freeShippingCodeDiscount: DiscountCodeFreeShippingInput;
    }) => createDiscount(shop, freeShippingCodeDiscount, "DiscountCodeFreeShipping"),
    discountCodeBasicUpdate: ({
      id,
      basicCodeDiscount,
    }: {
      id: string;
      basicCodeDiscount: DiscountCodeBasicInput;
    }) => updateDiscount(shop, id, basicCodeDiscount, "DiscountCodeBasic"),
    discountCodeFreeShippingUpdate: ({
      id,
      freeShippingCodeDiscount,
    }: {
      id: string;
      freeShippingCodeDiscount: DiscountCodeFreeShippingInput;
    }) => updateDiscount(shop, id, freeShippingCodeDiscount, "DiscountCodeFreeShipping"),
    discountCodeRedeemCodeBulkDelete: ({ discountId, ids }: { discountId: string; ids?: string[] }) =>
      deleteRedeemCodes(shop, discountId, ids ?? []),
    discountCodeDelete: ({ id }: { id: string }) => deleteDiscount(shop, id),
    discountRedeemCodeBulkCreation: ({ id }: { id: string }) => readCreation(shop, id),
    discountRedeemCodeBulkAdd: ({
      discountId,
      codes,
    }: {
      discountId: string;
      codes: DiscountRedeemCodeInput[];
    }) => addRedeemCodes(shop, discountId, codes),
    customerByIdentifier: ({ identifier }: { identifier: CustomerIdentifierInput }) => {
      const found = customerByEmail(shop, identifier.emailAddress ?? "");
      return found ? { id: found.id } : null;
    },
    customerCreate: ({ input }: { input: CustomerInput }) => createCustomer(shop, input),
    customerEmailMarketingConsentUpdate: ({ input }: { input: CustomerEmailMarketingConsentUpdateInput }) =>
      updateConsent(shop, input),
    metafieldsSet: ({ metafields }: { metafields: MetafieldsSetInput[] }) => setMetafields(shop, metafields),
  };
}

const TOKEN_ENDPOINT = /^https:\/\/([a-z0-9][a-z0-9-]*\.myshopify\.com)\/admin\/oauth\/access_token$/;
const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";
const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";
const REFRESH_GRANT = "refresh_token";
/** Shopify's lifetimes of an expiring offline token and of its refresh token (seconds). */
const EXPIRING_TOKEN_SECONDS = 3_600;
const REFRESH_TOKEN_SECONDS = 7_776_000;

type TokenExchangeRequest = {
  refresh_token?: string;
  client_id?: string;
  client_secret?: string;
  grant_type?: string;
  subject_token?: string;
  subject_token_type?: string;
  requested_token_type?: string;
  expiring?: string;
};

type Claims = { aud?: unknown; dest?: unknown; exp?: unknown; nbf?: unknown };

function readClaims(payload: string): Claims {
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Claims;
  } catch {
    return {};
  }
}

/**
 * What Shopify checks of the subject token: an HS256 JWT signed with the app's client secret, for the
 * app (aud = client id), issued for this shop (dest), current (exp, nbf).
 */
function validSubjectToken(token: string, clientId: string, clientSecret: string, domain: string): boolean {
  const [header = "", payload = "", signature = ""] = token.split(".");
  const expected = createHmac("sha256", clientSecret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const claims = readClaims(payload);
  const now = Date.now() / 1000;
  return (
    claims.aud === clientId &&
    claims.dest === `https://${domain}` &&
    typeof claims.exp === "number" &&
    claims.exp > now &&
    (typeof claims.nbf !== "number" || claims.nbf <= now)
  );
}

function refreshTokenOf(shop: FakeShop): string {
  return `shprt_${shop.accessToken.slice(6)}`;
}

/** Shopify's answer with a shop's offline token: expiring (with a refresh token) when the app asked so. */
function offlineToken(shop: FakeShop, expiring: boolean) {
  const offline = { access_token: shop.accessToken, scope: shop.scopes.join(",") };
  if (!expiring) return offline;
  return {
    ...offline,
    expires_in: EXPIRING_TOKEN_SECONDS,
    refresh_token: refreshTokenOf(shop),
    refresh_token_expires_in: REFRESH_TOKEN_SECONDS,
  };
}

/**
 * POST https://{shop}/admin/oauth/access_token: the token-exchange grant (an embedded app's install or
 * expired session) and the refresh_token grant (renewing an expiring offline token).
 */
function accessTokenHandler(shops: FakeShop[]) {
  return http.post(TOKEN_ENDPOINT, async ({ request }) => {
    const [, domain = ""] = TOKEN_ENDPOINT.exec(request.url) ?? [];
    const shop = shops.find((candidate) => candidate.domain === domain);
    if (!shop) return HttpResponse.json({ errors: "Not Found" }, { status: 404 });
    const body = ((await request.json().catch(() => null)) ?? {}) as TokenExchangeRequest;
    if (!body.client_id || !body.client_secret) {
      return HttpResponse.json({ error: "invalid_client" }, { status: 400 });
    }
    if (body.grant_type === REFRESH_GRANT) {
      return body.refresh_token === refreshTokenOf(shop)
        ? HttpResponse.json(offlineToken(shop, true))
        : HttpResponse.json({ error: "invalid_grant" }, { status: 400 });
    }
    if (
      body.grant_type !== TOKEN_EXCHANGE_GRANT ||
      body.subject_token_type !== ID_TOKEN_TYPE ||
      body.requested_token_type !== OFFLINE_TOKEN_TYPE
    ) {
      return HttpResponse.json({ error: "invalid_request" }, { status: 400 });
    }
    if (!validSubjectToken(body.subject_token ?? "", body.client_id, body.client_secret, domain)) {
      return HttpResponse.json(
        { error: "invalid_subject_token", error_description: "The subject token is invalid" },
        { status: 400 },
      );
    }
    return HttpResponse.json(offlineToken(shop, body.expiring === "1"));
  });
}

export function shopifyHandlers(shops: FakeShop[] = DEFAULT_SHOPS, calls: ShopifyCall[] = []) {
  return [
    accessTokenHandler(shops),
    ...bulkStorageHandlers(shops),
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
      if (shop.refuseWith) {
        return HttpResponse.json({ errors: SHOP_REFUSALS[shop.refuseWith] }, { status: shop.refuseWith });
      }
      if (!query) {
        return HttpResponse.json(
          { errors: { query: "Required parameter missing or invalid" } },
          { status: 400 },
        );
      }
      if (shop.rateLimitNext && shop.rateLimitNext.calls > 0) {
        shop.rateLimitNext.calls -= 1;
        return HttpResponse.json(
          {
            errors:
              "Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.",
          },
          { status: 429, headers: { "Retry-After": String(shop.rateLimitNext.retryAfterSeconds) } },
        );
      }
      if (shop.throttleNext && shop.throttleNext > 0) {
        shop.throttleNext -= 1;
        const figures = shop.throttleCost ?? {
          requestedQueryCost: 10,
          currentlyAvailable: 0,
          restoreRate: 100,
        };
        return HttpResponse.json({
          errors: [
            {
              message: "Throttled",
              extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
            },
          ],
          extensions: {
            cost: {
              requestedQueryCost: figures.requestedQueryCost,
              actualQueryCost: null,
              throttleStatus: {
                maximumAvailable: 2000,
                currentlyAvailable: figures.currentlyAvailable,
                restoreRate: figures.restoreRate,
              },
            },
          },
        });
      }
      const answer = executeAdminRequest(adminRootFields(shop, version), {
        version,
        query,
        variables: body?.variables ?? {},
      });
      const headers = new Headers({ "X-Shopify-API-Version": answer.servedVersion });
      if (answer.deprecations.length > 0) {
        headers.set("X-Shopify-API-Deprecated-Reason", answer.deprecations.join(", "));
      }
      return HttpResponse.json({ ...answer.result, extensions: { cost } }, { headers });
    }),
  ];
}

/** An MSW server for this process with the fake shops; call listen() in beforeAll and close() after. */
export function setupShopifyMock(shops: FakeShop[] = DEFAULT_SHOPS) {
  const calls: ShopifyCall[] = [];
  const server = setupServer(...shopifyHandlers(shops, calls));
  return { server, calls };
}
