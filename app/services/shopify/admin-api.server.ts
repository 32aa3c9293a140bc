import { CUSTOMER_WRITE_SCOPE } from "~/lib/schemas/consent-sync";
import { DomainError, invalid, unavailable, upstreamFailed } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import { pause } from "~/server/pause.server";
import type { Offer, OfferKind } from "../../../popup/offer";
import type { AdminOperations } from "./admin.generated";
import { SHOPIFY_API_VERSION } from "./api-version";
/** Scopes the standalone custom-app token needs: discounts (codes, usage) and customers (consent sync). */
export const REQUIRED_SCOPES = ["read_discounts", "write_discounts", "read_customers", CUSTOMER_WRITE_SCOPE];
/** Throttled calls wait for the bucket to refill; beyond this many waits the job retries later instead. */
const MAX_THROTTLE_WAITS = 5;

/** The token was refused (401: revoked, or never valid): the store must be marked Not Connected. */
export class ShopifyAuthError extends DomainError {
  constructor() {
    super(
      "unauthorized",
      "Shopify refused the access token. It may have been revoked: create a new one in your Shopify admin.",
    );
  }
}

/**
 * Shopify refuses this shop's calls while the token itself is still good, so the store stays connected and
 * no retry within a job's backoff can help (shopify.dev, "API response status and error codes"): the shop
 * is frozen (402) or locked (423), or the app lacks the scope the call needs (403).
 */
export class ShopifyShopRefusedError extends DomainError {
  constructor(message: string) {
    super("refused", message);
  }
}

const SHOP_REFUSALS: Record<number, string> = {
  402: "Shopify has frozen this store until its owner pays the outstanding balance in the Shopify admin.",
  403: "Shopify refused the call: the app lacks an access scope it needs. Grant the app's access in the Shopify admin.",
  423: "Shopify has locked this store. Its owner needs to contact Shopify Support.",
};

/** The error for an Admin API answer that refuses the call as such, or null when the body says more. */
function refusalOf(status: number, shopDomain: string): DomainError | null {
  if (status === 401) return new ShopifyAuthError();
  const shopRefusal = SHOP_REFUSALS[status];
  if (shopRefusal) return new ShopifyShopRefusedError(shopRefusal);
  if (status === 404) return invalid(`No Shopify store answers at ${shopDomain}`);
  return null;
}

export type ShopifyCredentials = {
  shopDomain: string;
  accessToken: string;
  /**
   * A new access token for the shop when Shopify refuses this one (401), or null when none can be had: an
   * installed shop's expiring offline token is refreshed; a custom app's token has no way to renew.
   */
  renewAccessToken?: () => Promise<string | null>;
};

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

/**
 * How long a THROTTLED answer asks to wait, from its cost figures: the points the query needs beyond those
 * available, at the bucket's restore rate (shopify.dev, "Shopify API rate limits").
 */
function throttledWaitMs(body: GraphqlResponse<unknown>): number | null {
  const throttled =
    Array.isArray(body.errors) && body.errors.some((error) => error.extensions?.code === "THROTTLED");
  if (!throttled) return null;
  const cost = body.extensions?.cost;
  const needed = (cost?.requestedQueryCost ?? 50) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate || 50;
  return Math.max(250, Math.ceil((Math.max(needed, 1) / rate) * 1000));
}

/** A 429's wait: its Retry-After (seconds, or an HTTP date), else a second. */
export function retryAfterMs(response: Response): number {
  const header = response.headers.get("Retry-After")?.trim() ?? "";
  if (/^\d+(\.\d+)?$/.test(header)) return Math.ceil(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1_000 : Math.max(0, date - Date.now());
}

/** A document's variables: an argument only when the operation declares some. */
type VariablesOf<Document extends keyof AdminOperations> =
  AdminOperations[Document]["variables"] extends Record<string, never>
    ? []
    : [variables: AdminOperations[Document]["variables"]];

/** The operation a document names ("query RedeemCode(…)" → "RedeemCode"), for the logs. */
function operationName(query: string): string {
  return /^#graphql\s+(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
}

/**
 * Shopify names the deprecated fields a call used in `X-Shopify-API-Deprecated-Reason` (or, for a version
 * it no longer supports, says so there): a later version may remove them, so the app warns of each once.
 */
const deprecationsWarned = new Set<string>();
function warnOfDeprecations(response: Response, shopDomain: string, operation: string) {
  const reason = response.headers.get("X-Shopify-API-Deprecated-Reason");
  if (!reason || deprecationsWarned.has(`${operation}\n${reason}`)) return;
  deprecationsWarned.add(`${operation}\n${reason}`);
  logger().warn(
    { shop: shopDomain, operation, apiVersion: SHOPIFY_API_VERSION, reason },
    `Shopify reports deprecated Admin API use in ${operation}: ${reason}`,
  );
}

/**
 * One POST of a document; a refused token (401) is renewed once, when the credentials can, and the call
 * sent again with the new one (a 401 means Shopify ran nothing). The renewed token replaces the refused
 * one in `credentials`, so that the calls that follow use it too.
 */
async function post(credentials: ShopifyCredentials, query: string, variables: unknown): Promise<Response> {
  const url = `https://${credentials.shopDomain}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  const send = (accessToken: string) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(15_000),
    });
  const response = await send(credentials.accessToken);
  if (response.status !== 401 || !credentials.renewAccessToken) return response;
  const renewed = await credentials.renewAccessToken();
  if (!renewed) return response;
  credentials.accessToken = renewed;
  return send(renewed);
}

/**
 * One Admin GraphQL call, waiting and retrying while Shopify answers THROTTLED (cost-based limits). Only
 * the app's `#graphql` documents are accepted, typed by `npm run graphql-codegen` from Shopify's schema.
 */
export async function adminGraphql<Document extends keyof AdminOperations>(
  credentials: ShopifyCredentials,
  query: Document,
  ...[variables = {}]: VariablesOf<Document>
): Promise<AdminOperations[Document]["result"]> {
  const operation = operationName(query);
  for (let wait = 0; ; wait += 1) {
    const response = await post(credentials, query, variables);
    warnOfDeprecations(response, credentials.shopDomain, operation);
    const refusal = refusalOf(response.status, credentials.shopDomain);
    if (refusal) throw refusal;
    const body = (await response.json().catch(() => ({}))) as GraphqlResponse<
      AdminOperations[Document]["result"]
    >;
    const waitMs = response.status === 429 ? retryAfterMs(response) : throttledWaitMs(body);
    if (waitMs !== null) {
      if (wait >= MAX_THROTTLE_WAITS)
        throw unavailable("Shopify is rate limiting requests; try again shortly");
      logger().debug({ shop: credentials.shopDomain, operation, waitMs }, "Shopify throttled the call");
      await pause(waitMs);
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

/** Checks a shop and token: the shop's name and currency, the scopes granted, and which required ones are missing. */
export async function verifyShopifyAccess(credentials: ShopifyCredentials) {
  const data = await adminGraphql(
    credentials,
    `#graphql
    query VerifyAccess {
      shop { name myshopifyDomain currencyCode }
      currentAppInstallation { accessScopes { handle } }
    }`,
  );
  const granted = data.currentAppInstallation.accessScopes.map((scope) => scope.handle);
  // Shopify reports write_x without read_x when both were granted (write implies read).
  const has = (scope: string) =>
    granted.includes(scope) || granted.includes(scope.replace(/^read_/, "write_"));
  return {
    shopName: data.shop.name,
    shopDomain: data.shop.myshopifyDomain,
    currency: data.shop.currencyCode,
    scopes: granted,
    missingScopes: REQUIRED_SCOPES.filter((scope) => !has(scope)),
  };
}

/** Shopify takes at most this many codes per discountRedeemCodeBulkAdd call. */
export const REDEEM_CODES_PER_CALL = 250;

type DiscountUserErrors = { message: string }[];

function refusedDiscount(userErrors: DiscountUserErrors) {
  return invalid(`Shopify refused the discount: ${userErrors.map((error) => error.message).join("; ")}`);
}

/** What a popup offer's discount is made of; `offer` says what its codes give. */
export type OfferDiscountInput = {
  code: string;
  title: string;
  offer: Offer;
  usageLimit: number;
  endsAt: Date;
};

/** The parts every offer discount shares: once per customer, `usageLimit` uses per code, the minimum subtotal. */
function sharedDiscountFields(input: OfferDiscountInput) {
  const minimum = input.offer.minimumSubtotal;
  return {
    title: input.title,
    code: input.code,
    startsAt: new Date().toISOString(),
    endsAt: input.endsAt.toISOString(),
    context: { all: "ALL" as const },
    appliesOncePerCustomer: true,
    usageLimit: input.usageLimit,
    ...(minimum
      ? { minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: minimum.toFixed(2) } } }
      : {}),
  };
}

/**
 * A popup offer's code discount (docs/decisions/181): a basic code discount for a percentage or an amount off
 * the order (the amount in the shop's currency, once per order), a free-shipping code discount to every
 * country; once per customer, `usageLimit` uses per redeem code (Shopify counts a discount's limit per
 * code), ending at `endsAt`, from the offer's minimum subtotal. `code` is its first redeem code; the
 * subscribers' codes are added to it.
 */
export async function createOfferDiscount(credentials: ShopifyCredentials, input: OfferDiscountInput) {
  const { offer } = input;
  if (offer.kind === "free-shipping") {
    const data = await adminGraphql(
      credentials,
      `#graphql
      mutation CreateFreeShippingOfferDiscount($discount: DiscountCodeFreeShippingInput!) {
        discountCodeFreeShippingCreate(freeShippingCodeDiscount: $discount) {
          codeDiscountNode { id }
          userErrors { field message code }
        }
      }`,
      { discount: { ...sharedDiscountFields(input), destination: { all: true } } },
    );
    return createdDiscountId(data.discountCodeFreeShippingCreate);
  }
  const value =
    offer.kind === "fixed-amount"
      ? { discountAmount: { amount: offer.amount.toFixed(2), appliesOnEachItem: false } }
      : { percentage: offer.percentage / 100 };
  const data = await adminGraphql(
    credentials,
    `#graphql
    mutation CreateOfferDiscount($discount: DiscountCodeBasicInput!) {
      discountCodeBasicCreate(basicCodeDiscount: $discount) {
        codeDiscountNode { id }
        userErrors { field message code }
      }
    }`,
    { discount: { ...sharedDiscountFields(input), customerGets: { value, items: { all: true } } } },
  );
  return createdDiscountId(data.discountCodeBasicCreate);
}

type DiscountPayload = { codeDiscountNode?: { id: string } | null; userErrors?: DiscountUserErrors } | null;

function createdDiscountId(payload: DiscountPayload | undefined): string {
  const { codeDiscountNode = null, userErrors = [] } = payload ?? {};
  if (userErrors.length > 0 || !codeDiscountNode) throw refusedDiscount(userErrors);
  return codeDiscountNode.id;
}

/** Moves an offer discount's end, so that the codes added last stay valid as long as the first did. */
export async function extendOfferDiscount(
  credentials: ShopifyCredentials,
  discountId: string,
  endsAt: Date,
  kind: OfferKind,
) {
  const variables = { id: discountId, discount: { endsAt: endsAt.toISOString() } };
  const payload =
    kind === "free-shipping"
      ? (
          await adminGraphql(
            credentials,
            `#graphql
            mutation ExtendFreeShippingOfferDiscount($id: ID!, $discount: DiscountCodeFreeShippingInput!) {
              discountCodeFreeShippingUpdate(id: $id, freeShippingCodeDiscount: $discount) {
                userErrors { field message code }
              }
            }`,
            variables,
          )
        ).discountCodeFreeShippingUpdate
      : (
          await adminGraphql(
            credentials,
            `#graphql
            mutation ExtendOfferDiscount($id: ID!, $discount: DiscountCodeBasicInput!) {
              discountCodeBasicUpdate(id: $id, basicCodeDiscount: $discount) {
                codeDiscountNode { id }
                userErrors { field message code }
              }
            }`,
            variables,
          )
        ).discountCodeBasicUpdate;
  const { userErrors = [] } = payload ?? {};
  if (userErrors.length > 0) throw refusedDiscount(userErrors);
}

/**
 * Asks Shopify to add redeem codes to a code discount, REDEEM_CODES_PER_CALL at a time, and resolves with
 * the ids of its bulk creations. Shopify adds them in the background: a code exists only once its creation
 * reports it (redeemCodeCreation); a code the shop already has fails there with an error of its own.
 */
export async function addRedeemCodes(
  credentials: ShopifyCredentials,
  discountId: string,
  codes: string[],
): Promise<string[]> {
  const creations: string[] = [];
  for (let start = 0; start < codes.length; start += REDEEM_CODES_PER_CALL) {
    const batch = codes.slice(start, start + REDEEM_CODES_PER_CALL);
    const data = await adminGraphql(
      credentials,
      `#graphql
      mutation AddRedeemCodes($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) {
        discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) {
          bulkCreation { id }
          userErrors { field message code }
        }
      }`,
      { discountId, codes: batch.map((code) => ({ code })) },
    );
    const { bulkCreation = null, userErrors = [] } = data.discountRedeemCodeBulkAdd ?? {};
    if (userErrors.length > 0 || !bulkCreation) throw refusedDiscount(userErrors);
    creations.push(bulkCreation.id);
  }
  return creations;
}

/** What a bulk creation did with each code: added (`errors` empty), or refused with Shopify's reasons. */
export type RedeemCodeCreation = {
  done: boolean;
  failedCount: number;
  codes: { code: string; added: boolean; errors: string[] }[];
};

/**
 * A discountRedeemCodeBulkAdd's creation as Shopify reports it: `done` false while it is queued; once done,
 * each code with the redeem code made or the errors that stopped it (a code the shop already has, say).
 */
export async function redeemCodeCreation(
  credentials: ShopifyCredentials,
  creationId: string,
): Promise<RedeemCodeCreation> {
  const data = await adminGraphql(
    credentials,
    `#graphql
    query RedeemCodeCreation($id: ID!) {
      discountRedeemCodeBulkCreation(id: $id) {
        done
        failedCount
        codes(first: 250) { nodes { code discountRedeemCode { id } errors { field message code } } }
      }
    }`,
    { id: creationId },
  );
  const creation = data.discountRedeemCodeBulkCreation;
  if (!creation) throw invalid(`Shopify knows no redeem code creation ${creationId}`);
  return {
    done: creation.done,
    failedCount: creation.failedCount,
    codes: creation.codes.nodes.map((node) => ({
      code: node.code,
      added: node.discountRedeemCode !== null && node.errors.length === 0,
      errors: node.errors.map((error) => error.message),
    })),
  };
}

/**
 * A redeem code as Shopify knows it: its discount and how often the code itself was used
 * (asyncUsageCount, which Shopify updates in the background), or null when the shop has no such code.
 */
export async function redeemCodeOf(
  credentials: ShopifyCredentials,
  code: string,
): Promise<{ discountId: string; title: string; redeemCodeId: string | null; usage: number } | null> {
  const data = await adminGraphql(
    credentials,
    `#graphql
    query RedeemCode($code: String!) {
      codeDiscountNodeByCode(code: $code) {
        id
        codeDiscount {
          ... on DiscountCodeBasic { title codes(first: 5, query: $code) { nodes { id code asyncUsageCount } } }
          ... on DiscountCodeFreeShipping {
            title
            codes(first: 5, query: $code) { nodes { id code asyncUsageCount } }
          }
        }
      }
    }`,
    { code },
  );
  const node = data.codeDiscountNodeByCode;
  if (!node) return null;
  // Only the kinds the app creates (basic and free-shipping code discounts) are asked for their codes' usage.
  const basic = "codes" in node.codeDiscount ? node.codeDiscount : null;
  const own = basic?.codes.nodes.find((candidate) => candidate.code.toUpperCase() === code.toUpperCase());
  return {
    discountId: node.id,
    title: basic?.title ?? "",
    redeemCodeId: own?.id ?? null,
    usage: own?.asyncUsageCount ?? 0,
  };
}

/** Removes redeem codes from a code discount (Shopify deletes them in the background). */
export async function deleteRedeemCodes(credentials: ShopifyCredentials, discountId: string, ids: string[]) {
  const data = await adminGraphql(
    credentials,
    `#graphql
    mutation DeleteRedeemCodes($discountId: ID!, $ids: [ID!]) {
      discountCodeRedeemCodeBulkDelete(discountId: $discountId, ids: $ids) {
        job { id }
        userErrors { field message code }
      }
    }`,
    { discountId, ids },
  );
  const { userErrors = [] } = data.discountCodeRedeemCodeBulkDelete ?? {};
  if (userErrors.length > 0) throw refusedDiscount(userErrors);
}

/** Deletes a whole code discount. */
export async function deleteCodeDiscount(credentials: ShopifyCredentials, discountId: string) {
  const data = await adminGraphql(
    credentials,
    `#graphql
    mutation DeleteCodeDiscount($id: ID!) {
      discountCodeDelete(id: $id) {
        deletedCodeDiscountId
        userErrors { field message code }
      }
    }`,
    { id: discountId },
  );
  const { userErrors = [] } = data.discountCodeDelete ?? {};
  if (userErrors.length > 0) throw refusedDiscount(userErrors);
}
