/**
 * Shopify's Customer Privacy API (shopify.dev/docs/api/customer-privacy). On a Shopify storefront the
 * script keeps what it stores in the visitor's browser to what the visitor allows: the markers of targeting
 * and the A/B test (and the impression count) with analytics allowed, the markers of the visitor's own
 * choices (subscribed, dismissed) with preferences allowed. A subscription needs neither (it is the visitor's
 * own explicit consent, recorded with the subscriber). Anywhere else nothing waits.
 */

export type ConsentPurpose = "analyticsProcessingAllowed" | "preferencesProcessingAllowed";
export type CustomerPrivacy = Partial<Record<ConsentPurpose, () => boolean>>;
export type ShopifyConsentApi = {
  customerPrivacy?: CustomerPrivacy;
  loadFeatures?(features: { name: string; version: string }[], loaded: (error?: unknown) => void): void;
};

/**
 * A gate for acts that need the visitor's consent to `purpose`: an act runs at once when allowed, else waits
 * (in order) until it is. Allowed at once off Shopify; on Shopify when the API says so, now or once loaded
 * (loadFeatures), or after the visitor answers the consent banner (its visitorConsentCollected event; the
 * API then answers with their choice).
 */
export function consentGate(
  shopify: ShopifyConsentApi | undefined,
  purpose: ConsentPurpose,
): (act: () => void) => void {
  const held: (() => void)[] = [];
  let allowed = !shopify?.customerPrivacy && !shopify?.loadFeatures; // not a Shopify storefront
  const check = () => {
    if (allowed || !shopify?.customerPrivacy?.[purpose]?.()) return;
    allowed = true;
    for (const act of held.splice(0)) act();
  };
  if (shopify && !allowed) {
    document.addEventListener("visitorConsentCollected", check);
    if (shopify.customerPrivacy) check();
    else
      shopify.loadFeatures?.([{ name: "consent-tracking-api", version: "0.1" }], (error) => error || check());
  }
  return (act) => (allowed ? act() : held.push(act));
}
