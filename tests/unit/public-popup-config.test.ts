import { describe, expect, it } from "vitest";
import { popupImagePath, toPublicConfig, toPublicVariant } from "~/lib/public-popup-config";
import {
  defaultCartValidation,
  defaultEmailValidation,
  defaultPopupDesign,
  defaultPopupFields,
  defaultPopupLayout,
} from "../../popup/config";

const stored = {
  storeId: "store-1",
  id: "popup-1",
  title: 'Hi <img src=x onerror="alert(1)"><strong>there</strong>',
  subtitle: "<script>alert(1)</script>Save <mark>15%</mark>",
  buttonText: "JOIN",
  fields: defaultPopupFields,
  emailValidation: defaultEmailValidation,
  cartValidation: defaultCartValidation,
  discountPercentage: 15,
  displayTrigger: "immediate" as const,
  animation: "fade-in" as const,
  layout: defaultPopupLayout,
  showExitIntentIfNotSubscribed: false,
  suppressAfterSubscription: true,
  design: { ...defaultPopupDesign, imageId: "a8f1" },
};

describe("what the storefront receives (the storefront renders it as is)", () => {
  it("sanitizes the popup's inline HTML on every answer, whatever was stored", () => {
    const config = toPublicConfig(stored, { twitter: "https://x.com/acme", facebook: "" });
    expect(config.title).toBe('Hi &lt;img src=x onerror="alert(1)"&gt;<strong>there</strong>');
    expect(config.subtitle).toBe("Save <mark>15%</mark>");
    expect(config.socialLinks).toEqual({ twitter: "https://x.com/acme" });
    expect(config.design.imageUrl).toBe(popupImagePath("a8f1"));
    expect(config.design).not.toHaveProperty("imageId");
  });

  it("sanitizes a variant's title and subtitle and names its image by URL", () => {
    const variant = toPublicVariant({
      id: "b1",
      name: "B",
      weight: 50,
      overrides: { title: "<b onclick=x>Bold</b>", subtitle: "<iframe>", design: { imageId: null } },
    });
    expect(variant).toEqual({
      id: "b1",
      weight: 50,
      title: "&lt;b onclick=x&gt;Bold",
      subtitle: "&lt;iframe&gt;",
      design: { imageUrl: null },
    });
  });
});
