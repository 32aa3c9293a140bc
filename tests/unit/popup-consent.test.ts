import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ShopifyConsentApi, whenAnalyticsAllowed } from "../../popup/consent";

/** A storefront page's document: only its events matter here. */
let page: EventTarget;
beforeEach(() => {
  page = new EventTarget();
  vi.stubGlobal("document", page);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Shopify's Customer Privacy API as a storefront has it, answering what the visitor chose so far. */
function customerPrivacy(allowed: boolean) {
  const api = { allowed, analyticsProcessingAllowed: () => api.allowed };
  return api;
}

/** The visitor answers the consent banner: the API records it, then announces it. */
function answerBanner(api: { allowed: boolean }, allowed: boolean) {
  api.allowed = allowed;
  page.dispatchEvent(new Event("visitorConsentCollected"));
}

describe("analytics consent on the storefront", () => {
  it("is given at once off Shopify (no window.Shopify, or one without the privacy API)", () => {
    const granted = vi.fn();
    whenAnalyticsAllowed(undefined, granted);
    whenAnalyticsAllowed({}, granted);
    expect(granted).toHaveBeenCalledTimes(2);
  });

  it("follows the API's answer when the API is present", () => {
    const granted = vi.fn();
    whenAnalyticsAllowed({ customerPrivacy: customerPrivacy(true) }, granted);
    expect(granted).toHaveBeenCalledTimes(1);
  });

  it("waits while analytics is refused, and starts when the visitor allows it", () => {
    const granted = vi.fn();
    const api = customerPrivacy(false);
    whenAnalyticsAllowed({ customerPrivacy: api }, granted);
    expect(granted).not.toHaveBeenCalled();
    answerBanner(api, false);
    expect(granted).not.toHaveBeenCalled();
    answerBanner(api, true);
    expect(granted).toHaveBeenCalledTimes(1);
  });

  it("loads the API with loadFeatures when the theme has not, then asks it", () => {
    const granted = vi.fn();
    const shopify: ShopifyConsentApi = {};
    const loadFeatures = vi.fn<NonNullable<ShopifyConsentApi["loadFeatures"]>>((_features, loaded) => {
      shopify.customerPrivacy = customerPrivacy(true);
      loaded();
    });
    shopify.loadFeatures = loadFeatures;
    whenAnalyticsAllowed(shopify, granted);
    expect(loadFeatures).toHaveBeenCalledWith(
      [{ name: "consent-tracking-api", version: "0.1" }],
      expect.any(Function),
    );
    expect(granted).toHaveBeenCalledTimes(1);
  });

  it("stays refused when the API fails to load", () => {
    const granted = vi.fn();
    whenAnalyticsAllowed({ loadFeatures: (_features, loaded) => loaded(new Error("blocked")) }, granted);
    page.dispatchEvent(new Event("visitorConsentCollected"));
    expect(granted).not.toHaveBeenCalled();
  });
});
