import { describe, expect, it } from "vitest";
import {
  defaultPopupDesign,
  defaultPopupTargeting,
  type PopupTargeting,
  type PublicPopup,
  type PublicVariant,
} from "../../popup/config";
import {
  choosePopup,
  chooseVariant,
  pageAllowed,
  pathMatches,
  targets,
  type Visit,
  visitSource,
  withVariant,
} from "../../popup/targeting";

const now = Date.parse("2026-06-15T12:00:00Z");
const visit: Visit = { path: "/", mobile: false, returning: false, source: "", now };
const rules = (changes: Partial<PopupTargeting>): PopupTargeting => ({
  ...defaultPopupTargeting,
  ...changes,
});

function popup(
  id: string,
  targeting: Partial<PopupTargeting> = {},
  extra: Partial<PublicPopup> = {},
): PublicPopup {
  return {
    id,
    storeId: "s1",
    title: `Popup ${id}`,
    subtitle: "",
    buttonText: "SUBMIT",
    suppressAfterSubscription: true,
    design: { ...defaultPopupDesign, imageUrl: null },
    priority: 1,
    targeting: rules(targeting),
    variants: [{ id: "control", weight: 100 }],
    ...extra,
  } as PublicPopup;
}

describe("page patterns", () => {
  it("matches whole paths, with * standing for any characters", () => {
    expect(pathMatches("/products/*", "/products/shirt")).toBe(true);
    expect(pathMatches("/products/*", "/products/shirts/blue")).toBe(true);
    expect(pathMatches("/products/*", "/products")).toBe(false);
    expect(pathMatches("/products/*", "/collections/products/x")).toBe(false);
    expect(pathMatches("/checkout*", "/checkout")).toBe(true);
    expect(pathMatches("/checkout*", "/checkouts/c/123")).toBe(true);
    expect(pathMatches("/", "/")).toBe(true);
    expect(pathMatches("/", "/about")).toBe(false);
    expect(pathMatches("*", "/anything/at/all")).toBe(true);
  });

  it("takes every other character literally and ignores case", () => {
    expect(pathMatches("/a.b", "/axb")).toBe(false);
    expect(pathMatches("/a.b", "/a.b")).toBe(true);
    expect(pathMatches("/p(1)?", "/p(1)?")).toBe(true);
    expect(pathMatches("/Products/*", "/products/SHIRT")).toBe(true);
    expect(pathMatches(" /blog/* ", "/blog/post")).toBe(true);
  });

  it("includes every page when the include list is empty, and an exclude always wins", () => {
    expect(pageAllowed({ include: [], exclude: [] }, "/anything")).toBe(true);
    expect(pageAllowed({ include: ["/products/*"], exclude: [] }, "/blog/post")).toBe(false);
    expect(pageAllowed({ include: ["/products/*", "/blog/*"], exclude: [] }, "/blog/post")).toBe(true);
    expect(pageAllowed({ include: [], exclude: ["/checkout*"] }, "/checkout/step")).toBe(false);
    expect(
      pageAllowed({ include: ["/products/*"], exclude: ["/products/gift-card"] }, "/products/gift-card"),
    ).toBe(false);
  });
});

describe("devices, visitors and sources", () => {
  it("shows on the devices that are ticked", () => {
    const desktopOnly = rules({ devices: { desktop: true, mobile: false } });
    expect(targets(desktopOnly, visit)).toBe(true);
    expect(targets(desktopOnly, { ...visit, mobile: true })).toBe(false);
    const mobileOnly = rules({ devices: { desktop: false, mobile: true } });
    expect(targets(mobileOnly, { ...visit, mobile: true })).toBe(true);
    expect(targets(mobileOnly, visit)).toBe(false);
  });

  it("tells new visitors from returning ones", () => {
    expect(targets(rules({ visitors: "all" }), { ...visit, returning: true })).toBe(true);
    expect(targets(rules({ visitors: "new" }), visit)).toBe(true);
    expect(targets(rules({ visitors: "new" }), { ...visit, returning: true })).toBe(false);
    expect(targets(rules({ visitors: "returning" }), visit)).toBe(false);
    expect(targets(rules({ visitors: "returning" }), { ...visit, returning: true })).toBe(true);
  });

  it("reads the source from utm_source first, then another site's referrer host", () => {
    expect(visitSource("?utm_source=Newsletter&x=1", "https://www.google.com/", "shop.test")).toBe(
      "newsletter",
    );
    expect(visitSource("", "https://m.facebook.com/story", "shop.test")).toBe("m.facebook.com");
    expect(visitSource("", "https://shop.test/products/a", "shop.test")).toBe("");
    expect(visitSource("?utm_source=", "", "shop.test")).toBe("");
    expect(visitSource("", "not a url", "shop.test")).toBe("");
  });

  it("matches a listed source by name, or a referrer host and its subdomains", () => {
    const fromFacebook = rules({ sources: ["facebook.com", "newsletter"] });
    expect(targets(fromFacebook, { ...visit, source: "m.facebook.com" })).toBe(true);
    expect(targets(fromFacebook, { ...visit, source: "www.facebook.com" })).toBe(true);
    expect(targets(fromFacebook, { ...visit, source: "newsletter" })).toBe(true);
    expect(targets(fromFacebook, { ...visit, source: "notfacebook.com" })).toBe(false);
    expect(targets(fromFacebook, { ...visit, source: "" })).toBe(false);
    expect(targets(rules({ sources: [] }), { ...visit, source: "anything" })).toBe(true);
  });
});

describe("schedule", () => {
  it("starts at startsAt (included) and ends at endsAt (excluded)", () => {
    const june = rules({ startsAt: "2026-06-15T12:00:00Z", endsAt: "2026-06-16T00:00:00Z" });
    expect(targets(june, visit)).toBe(true);
    expect(targets(june, { ...visit, now: now - 1 })).toBe(false);
    expect(targets(june, { ...visit, now: Date.parse("2026-06-15T23:59:59.999Z") })).toBe(true);
    expect(targets(june, { ...visit, now: Date.parse("2026-06-16T00:00:00Z") })).toBe(false);
  });

  it("leaves an open side unlimited", () => {
    expect(targets(rules({ startsAt: "2026-01-01T00:00:00Z" }), visit)).toBe(true);
    expect(targets(rules({ endsAt: "2026-01-01T00:00:00Z" }), visit)).toBe(false);
    expect(targets(rules({ startsAt: null, endsAt: null }), visit)).toBe(true);
  });
});

describe("choosing the popup", () => {
  const products = popup("products", { pages: { include: ["/products/*"], exclude: [] } });
  const everywhere = popup("everywhere");

  it("shows the first matching popup in priority order, at most one", () => {
    expect(choosePopup([products, everywhere], { ...visit, path: "/products/shirt" }, false)?.id).toBe(
      "products",
    );
    expect(choosePopup([products, everywhere], { ...visit, path: "/blog/post" }, false)?.id).toBe(
      "everywhere",
    );
    expect(choosePopup([everywhere, products], { ...visit, path: "/products/shirt" }, false)?.id).toBe(
      "everywhere",
    );
    expect(choosePopup([products], { ...visit, path: "/blog/post" }, false)).toBeNull();
    expect(choosePopup([], visit, false)).toBeNull();
  });

  it("leaves out the popups a subscribed visitor no longer sees", () => {
    const stays = popup("stays", {}, { suppressAfterSubscription: false });
    expect(choosePopup([everywhere, stays], visit, true)?.id).toBe("stays");
    expect(choosePopup([everywhere], visit, true)).toBeNull();
  });
});

describe("variants", () => {
  const variants: PublicVariant[] = [
    { id: "control", weight: 50 },
    { id: "b", weight: 30, title: "B title" },
    { id: "c", weight: 20, design: { backgroundColor: "#000000", position: "corner" } },
  ];

  it("draws by weight", () => {
    expect(chooseVariant(variants, null, 0)?.id).toBe("control");
    expect(chooseVariant(variants, null, 0.49)?.id).toBe("control");
    expect(chooseVariant(variants, null, 0.5)?.id).toBe("b");
    expect(chooseVariant(variants, null, 0.79)?.id).toBe("b");
    expect(chooseVariant(variants, null, 0.8)?.id).toBe("c");
    expect(chooseVariant(variants, null, 0.9999)?.id).toBe("c");
  });

  it("keeps the visitor's stored variant while the popup still has it", () => {
    expect(chooseVariant(variants, "c", 0)?.id).toBe("c");
    expect(chooseVariant(variants, "gone", 0.6)?.id).toBe("b");
  });

  it("never draws a zero-weight variant, and falls back to the control when all are zero", () => {
    const paused = [
      { id: "control", weight: 0 },
      { id: "b", weight: 100 },
    ];
    expect(chooseVariant(paused, null, 0)?.id).toBe("b");
    expect(chooseVariant([{ id: "control", weight: 0 }], null, 0.5)?.id).toBe("control");
    expect(chooseVariant([], null, 0.5)).toBeNull();
  });

  it("lays a variant's content and design over the popup's", () => {
    const base = popup("p");
    const shownB = withVariant(base, variants[1]);
    expect(shownB.title).toBe("B title");
    expect(shownB.design).toEqual(base.design);
    const shownC = withVariant(base, variants[2]);
    expect(shownC.title).toBe("Popup p");
    expect(shownC.design).toEqual({ ...base.design, backgroundColor: "#000000", position: "corner" });
    expect(shownC).not.toHaveProperty("weight");
    expect(withVariant(base, null)).toBe(base);
  });
});
