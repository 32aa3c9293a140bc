import { isSignatureOf, signatureOf } from "~/server/crypto.server";
import { countWithin, hasReachedLimit, type RateRule } from "~/server/rate-limit.server";

/**
 * What the A/B test counts (docs/decisions/031-ab-counts-need-a-counted-view.md):
 * - an impression once per visitor (the script's session id), popup, variant and UTC day, and only within
 *   the per-address cap (an IPv6 /64 counts as one address). Its answer carries a view token: signed, bound
 *   to the store, popup, variant, visitor and an expiry. A visitor's later views that day get a token again.
 * - a subscription for its variant only with a valid token of that variant for that visitor, once per
 *   visitor, popup and variant (for the token's lifetime), and once per address, popup and UTC day. Without
 *   that the person still subscribes; the results show the subscription as not counted, as they show
 *   impressions over the cap or without a visitor.
 */
export type VariantView = { storeId: string; popupId: string; variantId: string; visitor: string };

const DAY_MS = 86_400_000;
export const VIEW_TOKEN_LIFETIME_MS = DAY_MS;

/** The script's session id (popup/main.ts): three decimal numbers; anything up to 64 word characters. */
const VISITOR = /^[\w-]{1,64}$/;
const TOKEN = /^(\d{13})\.([0-9a-f]{32})$/;

/** Marks a visitor's counted impression of a variant for the day: later views are not counted again. */
const countedVisitor: RateRule = {
  name: "ab-visitor",
  limit: 1,
  windowMs: DAY_MS,
  message: "This visitor's view was already counted today",
};

/** A visitor's subscription counts for a variant once: the window outlives any token it could use. */
const subscriptionCountedOnce: RateRule = {
  name: "ab-subscription",
  limit: 1,
  windowMs: VIEW_TOKEN_LIFETIME_MS + 60_000,
  message: "This visitor's subscription was already counted",
};

/** One address (an IPv6 /64) converts once per popup and UTC day for the test: tokens cannot be farmed. */
const subscriptionCountedPerAddress: RateRule = {
  name: "ab-subscription-address",
  limit: 1,
  windowMs: DAY_MS,
  message: "This address's subscription was already counted today",
};

const signed = (view: VariantView, expires: string) =>
  `view:${view.storeId}:${view.popupId}:${view.variantId}:${view.visitor}:${expires}`;

/** A view token: "<expires ms>.<signature>". */
export function issueViewToken(view: VariantView, now = Date.now()): string {
  const expires = String(now + VIEW_TOKEN_LIFETIME_MS);
  return `${expires}.${signatureOf(signed(view, expires))}`;
}

/** The visitor a beacon or subscription names, when it is one the script could have sent. */
export function visitorOf(value: unknown): string | null {
  return typeof value === "string" && VISITOR.test(value) ? value : null;
}

/** What an impression of a variant adds to its day: counted, not counted, or nothing (counted earlier today). */
export type VariantImpression = "counted" | "not-counted" | null;

/**
 * One impression of a store's variant on `day`, from `address` (its per-address key) under `perAddress` (the
 * cap per popup, address and day). Answers the view token when the visitor has a counted impression of the
 * variant that day (this one or an earlier one), else null, and what the impression adds to the variant's
 * day (the caller records it with the store's view: public-popups.server.ts recordImpression).
 */
export async function countVariantView(
  view: Omit<VariantView, "visitor"> & { visitor: unknown },
  perAddress: { rule: RateRule; address: string },
  day: string,
): Promise<{ token: string | null; impression: VariantImpression }> {
  const visitor = visitorOf(view.visitor);
  const counted = visitor ? { ...view, visitor } : null;
  if (!counted) return { token: null, impression: "not-counted" };
  const visitorKey = `${counted.popupId}:${counted.variantId}:${visitor}:${day}`;
  if (await hasReachedLimit(countedVisitor, visitorKey))
    return { token: issueViewToken(counted), impression: null };
  if (!(await countWithin(perAddress.rule, `${counted.popupId}:${perAddress.address}:${day}`)))
    return { token: null, impression: "not-counted" };
  // Two views of one visitor at the same moment: the first to mark the visitor counts.
  const first = await countWithin(countedVisitor, visitorKey);
  return { token: issueViewToken(counted), impression: first ? "counted" : null };
}

/**
 * Whether a subscription from `address` (its per-address key) counts for its variant: its token is a valid,
 * unexpired view token for this store, popup, variant and visitor, and neither the visitor nor the address
 * had a subscription counted for the popup yet (the address: that UTC day). Anything else (no token, a
 * forged, expired or other visitor's one) does not count.
 */
export async function countsForVariant(
  view: VariantView,
  token: unknown,
  address: string,
  now = Date.now(),
): Promise<boolean> {
  if (typeof token !== "string" || !visitorOf(view.visitor)) return false;
  const [, expires = "", signature = ""] = TOKEN.exec(token) ?? [];
  if (!signature || Number(expires) < now) return false;
  if (!isSignatureOf(signed(view, expires), signature)) return false;
  const day = new Date(now).toISOString().slice(0, 10);
  return (
    (await countWithin(subscriptionCountedOnce, `${view.popupId}:${view.variantId}:${view.visitor}`)) &&
    countWithin(subscriptionCountedPerAddress, `${view.popupId}:${address}:${day}`)
  );
}
