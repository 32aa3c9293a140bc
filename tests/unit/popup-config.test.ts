import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { popupConfigs } from "~/db/schema/popups";
import {
  businessEmailValidation,
  businessPopupSubtitle,
  cartValidationTypes,
  defaultCartValidation,
  defaultEmailValidation,
  defaultPopupDesign,
  defaultPopupFields,
  defaultPopupLayout,
  defaultPopupSubtitle,
  defaultPopupTitle,
  optionalFieldNames,
  popupAnimations,
  popupTriggers,
  popupWidths,
  subtitleForRule,
} from "../../popup/config";
import {
  cartAllows,
  DISMISS_CAP_MS,
  isDismissCapped,
  planDisplay,
  scrolledHalfway,
  storageKeys,
} from "../../popup/gates";

describe("popup defaults (SPEC §3 popup_configs)", () => {
  const columns = getTableColumns(popupConfigs);

  it("stores every SPEC default in the database columns", () => {
    expect(columns.title.default).toBe("LOOKING FOR EXCLUSIVE OFFERS?");
    // Every address is accepted by default: the subtitle does not ask for a business email.
    expect(columns.subtitle.default).toBe(
      "Sign up and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.",
    );
    expect(columns.buttonText.default).toBe("SUBMIT");
    expect(columns.discountCode.default).toBe("WELCOME15");
    expect(columns.discountPercentage.default).toBe(15);
    expect(columns.displayTrigger.default).toBe("immediate");
    expect(columns.animation.default).toBe("slide-in");
    expect(columns.showExitIntentIfNotSubscribed.default).toBe(false);
    expect(columns.suppressAfterSubscription.default).toBe(true);
    // SPEC's isActive (true): the store's own popup is inserted live; a popup added later starts a draft.
    expect(columns.status.default).toBe("draft");
    expect(columns.fields.default).toEqual(defaultPopupFields);
    expect(columns.emailValidation.default).toEqual(defaultEmailValidation);
    expect(columns.cartValidation.default).toEqual(defaultCartValidation);
    expect(columns.layout.default).toEqual(defaultPopupLayout);
  });

  it("has the SPEC title", () => {
    expect(defaultPopupTitle).toBe("LOOKING FOR EXCLUSIVE OFFERS?");
  });

  it("asks only for the email by default, and the email cannot be off", () => {
    expect(defaultPopupFields).toEqual({
      email: true,
      name: false,
      phone: false,
      company: false,
      address: false,
      street: false,
      city: false,
      state: false,
      zipCode: false,
      country: false,
    });
    expect(optionalFieldNames).toEqual([
      "name",
      "phone",
      "company",
      "address",
      "street",
      "city",
      "state",
      "zipCode",
      "country",
    ]);
  });

  it("accepts every address, the four free-mail providers ready to block; SPEC's rule is the business one", () => {
    expect(defaultEmailValidation).toEqual({
      companyEmailsOnly: false,
      allowedDomains: [],
      blockedDomains: ["gmail", "yahoo", "hotmail", "outlook"],
    });
    expect(businessEmailValidation).toEqual({ ...defaultEmailValidation, companyEmailsOnly: true });
    expect(businessPopupSubtitle).toMatch(/business email.*one-time.*\[DISCOUNT_PERCENT\]% discount code/);
  });

  it("has a built-in subtitle follow the address rule, and keeps a merchant's own", () => {
    expect(subtitleForRule(defaultPopupSubtitle, true)).toBe(businessPopupSubtitle);
    expect(subtitleForRule(businessPopupSubtitle, false)).toBe(defaultPopupSubtitle);
    expect(subtitleForRule(businessPopupSubtitle, true)).toBe(businessPopupSubtitle);
    expect(subtitleForRule("Our own words", true)).toBe("Our own words");
  });

  it("has cart validation off with amounts 0 / 1000 / 100", () => {
    expect(defaultCartValidation).toEqual({
      enabled: false,
      validationType: "none",
      minimumAmount: 0,
      maximumAmount: 1000,
      belowThreshold: 100,
    });
  });

  it("has layout width lg, 70 vh and social icons on", () => {
    expect(defaultPopupLayout).toEqual({ width: "lg", maxHeightVh: 70, showSocialIcons: true });
  });

  it("lists the SPEC §9 options", () => {
    expect(popupTriggers).toEqual(["immediate", "after-5s", "scroll-50", "exit-intent"]);
    expect(popupAnimations).toEqual(["slide-in", "fade-in", "zoom-in", "bounce-in"]);
    expect(cartValidationTypes).toEqual(["none", "minimum", "maximum", "below_threshold"]);
    expect(popupWidths).toEqual(["sm", "md", "lg", "xl"]);
  });
});

describe("storefront display rules (popup/gates)", () => {
  const now = 1_700_000_000_000;
  const base = {
    displayTrigger: "after-5s" as const,
    suppressAfterSubscription: true,
    showExitIntentIfNotSubscribed: false,
    design: { ...defaultPopupDesign, imageUrl: null },
  };
  const withTeaser = { ...base, design: { ...base.design, teaser: { enabled: true, text: "10% off" } } };

  it("names the storage keys per store (and per popup for the variant)", () => {
    const keys = storageKeys("s1");
    expect(keys).toMatchObject({
      subscribed: "np:s1:subscribed",
      dismissed: "np:s1:dismissed",
      firstVisit: "np:s1:first",
      visitor: "np:s1:visitor",
      source: "np:s1:source",
    });
    expect(keys.variant("p1")).toBe("np:s1:variant:p1");
  });

  it("keeps the popup away for 3 days after a dismissal", () => {
    expect(DISMISS_CAP_MS).toBe(3 * 24 * 60 * 60 * 1000);
    expect(isDismissCapped(null, now)).toBe(false);
    expect(isDismissCapped(String(now - 1000), now)).toBe(true);
    expect(isDismissCapped(String(now - DISMISS_CAP_MS + 1), now)).toBe(true);
    expect(isDismissCapped(String(now - DISMISS_CAP_MS), now)).toBe(false);
    expect(isDismissCapped("garbage", now)).toBe(false);
  });

  it("arms the configured trigger for a new visitor", () => {
    expect(planDisplay(base, false, null, now)).toEqual({
      trigger: "after-5s",
      exitIntent: false,
      teaser: false,
    });
  });

  it("shows nothing to a subscriber when suppressAfterSubscription is on", () => {
    expect(planDisplay({ ...withTeaser, showExitIntentIfNotSubscribed: true }, true, null, now)).toEqual({
      trigger: null,
      exitIntent: false,
      teaser: false,
    });
  });

  it("still shows a subscriber the popup when suppressAfterSubscription is off", () => {
    expect(planDisplay({ ...base, suppressAfterSubscription: false }, true, null, now).trigger).toBe(
      "after-5s",
    );
  });

  it("skips the trigger after a recent dismissal, unless exit intent is asked for", () => {
    const dismissed = String(now - 60_000);
    expect(planDisplay(base, false, dismissed, now)).toEqual({
      trigger: null,
      exitIntent: false,
      teaser: false,
    });
    expect(planDisplay({ ...base, showExitIntentIfNotSubscribed: true }, false, dismissed, now)).toEqual({
      trigger: null,
      exitIntent: true,
      teaser: false,
    });
  });

  it("keeps the teaser tab while a dismissal lasts, when the design has one", () => {
    const dismissed = String(now - 60_000);
    expect(planDisplay(withTeaser, false, dismissed, now).teaser).toBe(true);
    expect(planDisplay(withTeaser, false, null, now).teaser).toBe(false);
    expect(planDisplay(withTeaser, false, String(now - DISMISS_CAP_MS), now).teaser).toBe(false);
    expect(
      planDisplay({ ...withTeaser, suppressAfterSubscription: false }, true, dismissed, now).teaser,
    ).toBe(false);
  });

  it("never adds exit intent for a subscriber", () => {
    const config = { ...base, suppressAfterSubscription: false, showExitIntentIfNotSubscribed: true };
    expect(planDisplay(config, true, null, now).exitIntent).toBe(false);
  });

  it("applies cart validation with total_price in cents", () => {
    const cart = { ...defaultCartValidation, enabled: true };
    expect(cartAllows({ ...cart, validationType: "none" }, 0)).toBe(true);
    expect(cartAllows({ ...cart, validationType: "minimum", minimumAmount: 50 }, 5000)).toBe(true);
    expect(cartAllows({ ...cart, validationType: "minimum", minimumAmount: 50 }, 4999)).toBe(false);
    expect(cartAllows({ ...cart, validationType: "maximum", maximumAmount: 100 }, 10000)).toBe(true);
    expect(cartAllows({ ...cart, validationType: "maximum", maximumAmount: 100 }, 10001)).toBe(false);
    expect(cartAllows({ ...cart, validationType: "below_threshold", belowThreshold: 100 }, 9999)).toBe(true);
    expect(cartAllows({ ...cart, validationType: "below_threshold", belowThreshold: 100 }, 10000)).toBe(
      false,
    );
  });

  it("shows the popup when cart validation is off or the cart cannot be read", () => {
    expect(cartAllows({ ...defaultCartValidation, validationType: "minimum", minimumAmount: 50 }, 0)).toBe(
      true,
    );
    expect(
      cartAllows(
        { ...defaultCartValidation, enabled: true, validationType: "minimum", minimumAmount: 50 },
        null,
      ),
    ).toBe(true);
  });

  it("detects half of the scrollable height", () => {
    expect(scrolledHalfway(0, 2000, 1000)).toBe(false);
    expect(scrolledHalfway(499, 2000, 1000)).toBe(false);
    expect(scrolledHalfway(500, 2000, 1000)).toBe(true);
    expect(scrolledHalfway(0, 800, 1000)).toBe(true);
  });
});
