/** When the storefront popup may show: pure rules, shared by popup/main.ts and its unit tests. */
import type { CartValidation, PublicPopupConfig } from "./config";

/** After a dismissal the popup stays away this long (frequency cap). */
export const DISMISS_CAP_MS = 3 * 24 * 60 * 60 * 1000;
/** Touch devices have no exit-intent mouse movement: the fallback shows it after this long. */
export const TOUCH_EXIT_FALLBACK_MS = 30_000;

export const storageKeys = (storeId: string) => ({
  subscribed: `np:${storeId}:subscribed`,
  dismissed: `np:${storeId}:dismissed`,
  /** localStorage: when this browser first saw the store (new vs returning visitors). */
  firstVisit: `np:${storeId}:first`,
  /** sessionStorage: this session's visitor kind and source, as the session started. */
  visitor: `np:${storeId}:visitor`,
  source: `np:${storeId}:source`,
  /** localStorage: the variant this visitor was given for a popup. */
  variant: (popupId: string) => `np:${storeId}:variant:${popupId}`,
});

/** Whether a dismissal stored as a millisecond timestamp string still keeps the popup away. */
export function isDismissCapped(dismissedAt: string | null, now: number): boolean {
  const at = Number(dismissedAt);
  return Boolean(dismissedAt) && Number.isFinite(at) && now - at < DISMISS_CAP_MS;
}

/**
 * Cart validation (Shopify only): `totalCents` is /cart.js's total_price, in cents; the configured amounts
 * are in the shop's currency. Null (the cart could not be read) shows the popup.
 */
export function cartAllows(cart: CartValidation, totalCents: number | null): boolean {
  if (!cart.enabled || cart.validationType === "none" || totalCents === null) return true;
  const total = totalCents / 100;
  if (cart.validationType === "minimum") return total >= cart.minimumAmount;
  if (cart.validationType === "maximum") return total <= cart.maximumAmount;
  return total < cart.belowThreshold;
}

/** scroll-50: scrolled to half of the scrollable height; a page that cannot scroll counts as there. */
export function scrolledHalfway(scrollY: number, scrollHeight: number, viewportHeight: number): boolean {
  const scrollable = scrollHeight - viewportHeight;
  return scrollable <= 0 || scrollY / scrollable >= 0.5;
}

export type DisplayPlan = {
  /** The configured trigger to arm, or null when a dismissal (or a subscription) keeps it away. */
  trigger: PublicPopupConfig["displayTrigger"] | null;
  /** Also show once on exit intent (showExitIntentIfNotSubscribed), whatever the dismissal cap says. */
  exitIntent: boolean;
  /** Dismissed within the cap, not subscribed, and the design has a teaser: its tab stays on the page. */
  teaser: boolean;
};

export function planDisplay(
  config: Pick<
    PublicPopupConfig,
    "displayTrigger" | "suppressAfterSubscription" | "showExitIntentIfNotSubscribed" | "design"
  >,
  subscribed: boolean,
  dismissedAt: string | null,
  now: number,
): DisplayPlan {
  if (subscribed && config.suppressAfterSubscription)
    return { trigger: null, exitIntent: false, teaser: false };
  const capped = isDismissCapped(dismissedAt, now);
  return {
    trigger: capped ? null : config.displayTrigger,
    exitIntent: config.showExitIntentIfNotSubscribed && !subscribed,
    teaser: capped && !subscribed && config.design.teaser.enabled,
  };
}
