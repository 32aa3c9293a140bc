/**
 * Shopify's Customer Privacy API (shopify.dev/docs/api/customer-privacy). On a Shopify storefront the
 * script keeps its visitor markers and counts impressions only with the visitor's analytics consent; a
 * subscription needs none (it is the visitor's own explicit consent, recorded with the subscriber).
 * Anywhere else nothing changes.
 */

export type CustomerPrivacy = { analyticsProcessingAllowed(): boolean };
export type ShopifyConsentApi = {
  customerPrivacy?: CustomerPrivacy;
  loadFeatures?(features: { name: string; version: string }[], loaded: (error?: unknown) => void): void;
};
/**
 * Runs `granted` once analytics is allowed: at once off Shopify; on Shopify when the API says so, now or
 * once loaded (loadFeatures), or after the visitor answers the consent banner (its visitorConsentCollected
 * event; the API then answers with their choice). It may run more than once.
 */
export function whenAnalyticsAllowed(shopify: ShopifyConsentApi | undefined, granted: () => void): void {
  if (!shopify?.customerPrivacy && !shopify?.loadFeatures) {
    granted(); // not a Shopify storefront
    return;
  }
  const check = () => shopify.customerPrivacy?.analyticsProcessingAllowed() && granted();
  document.addEventListener("visitorConsentCollected", check);
  if (shopify.customerPrivacy) check();
  else
    shopify.loadFeatures?.([{ name: "consent-tracking-api", version: "0.1" }], (error) => error || check());
}
