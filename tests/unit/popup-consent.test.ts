import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consentGate, type ShopifyConsentApi } from "../../popup/consent";

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
function customerPrivacy(analytics: boolean, preferences = analytics) {
  const api = {
    analytics,
    preferences,
    analyticsProcessingAllowed: () => api.analytics,
    preferencesProcessingAllowed: () => api.preferences,
  };
  return api;
}

/** The visitor answers the consent banner: the API records it, then announces it. */
function answerBanner(
  api: { analytics: boolean; preferences: boolean },
  analytics: boolean,
  preferences = analytics,
) {
  api.analytics = analytics;
  api.preferences = preferences;
  page.dispatchEvent(new Event("visitorConsentCollected"));
}

describe("consent on the storefront", () => {
  it("is given at once off Shopify (no window.Shopify, or one without the privacy API)", () => {
    const act = vi.fn();
    consentGate(undefined, "analyticsProcessingAllowed")(act);
    consentGate({}, "preferencesProcessingAllowed")(act);
    expect(act).toHaveBeenCalledTimes(2);
  });

  it("follows the API's answer for the purpose asked: analytics and preferences apart", () => {
    const api = customerPrivacy(true, false);
    const analytics = vi.fn();
    const preferences = vi.fn();
    consentGate({ customerPrivacy: api }, "analyticsProcessingAllowed")(analytics);
    consentGate({ customerPrivacy: api }, "preferencesProcessingAllowed")(preferences);
    expect(analytics).toHaveBeenCalledTimes(1);
    expect(preferences).not.toHaveBeenCalled();
  });

  it("holds acts while refused, and runs them in order once the visitor allows, then later ones at once", () => {
    const api = customerPrivacy(false);
    const gate = consentGate({ customerPrivacy: api }, "preferencesProcessingAllowed");
    const done: string[] = [];
    gate(() => done.push("dismissed"));
    gate(() => done.push("subscribed"));
    answerBanner(api, false);
    expect(done).toEqual([]);
    answerBanner(api, false, true);
    expect(done).toEqual(["dismissed", "subscribed"]);
    answerBanner(api, true);
    gate(() => done.push("later"));
    expect(done).toEqual(["dismissed", "subscribed", "later"]);
  });

  it("counts an API without the purpose's method as refused", () => {
    const act = vi.fn();
    consentGate(
      { customerPrivacy: { analyticsProcessingAllowed: () => true } },
      "preferencesProcessingAllowed",
    )(act);
    expect(act).not.toHaveBeenCalled();
  });

  it("loads the API with loadFeatures when the theme has not, then asks it", () => {
    const act = vi.fn();
    const shopify: ShopifyConsentApi = {};
    const loadFeatures = vi.fn<NonNullable<ShopifyConsentApi["loadFeatures"]>>((_features, loaded) => {
      shopify.customerPrivacy = customerPrivacy(true);
      loaded();
    });
    shopify.loadFeatures = loadFeatures;
    consentGate(shopify, "analyticsProcessingAllowed")(act);
    expect(loadFeatures).toHaveBeenCalledWith(
      [{ name: "consent-tracking-api", version: "0.1" }],
      expect.any(Function),
    );
    expect(act).toHaveBeenCalledTimes(1);
  });

  it("stays refused when the API fails to load", () => {
    const act = vi.fn();
    consentGate(
      { loadFeatures: (_features, loaded) => loaded(new Error("blocked")) },
      "analyticsProcessingAllowed",
    )(act);
    page.dispatchEvent(new Event("visitorConsentCollected"));
    expect(act).not.toHaveBeenCalled();
  });
});
