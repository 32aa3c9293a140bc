import { describe, expect, it } from "vitest";
import { embeddedPath, readCookie, sectionPath, selectStore, switchStorePath } from "~/lib/store-routing";

describe("sectionPath", () => {
  it("scopes a section to the selected store, or leaves it bare without one", () => {
    expect(sectionPath("popup-builder", "s1")).toBe("/store/s1/popup-builder");
    expect(sectionPath("subscribers", undefined)).toBe("/subscribers");
  });
});

describe("switchStorePath", () => {
  it("keeps the section when switching from a store-scoped page", () => {
    expect(switchStorePath("/store/s1/subscribers", "s2")).toBe("/store/s2/subscribers");
    expect(switchStorePath("/store/s1/email-analytics/", "s2")).toBe("/store/s2/email-analytics");
  });

  it("scopes a bare section page and the home page to the new store", () => {
    expect(switchStorePath("/popup-builder", "s2")).toBe("/store/s2/popup-builder");
    expect(switchStorePath("/", "s2")).toBe("/store/s2/dashboard");
  });

  it("opens a section's first page when switching from a page inside it (a campaign is one store's)", () => {
    expect(switchStorePath("/store/s1/campaigns/c1", "s2")).toBe("/store/s2/campaigns");
    expect(switchStorePath("/campaigns/c1", "s2")).toBe("/store/s2/campaigns");
  });

  it("matches sections case-insensitively", () => {
    expect(switchStorePath("/Store/s1/Settings", "s2")).toBe("/store/s2/settings");
  });

  it("stays on pages that are not store sections", () => {
    expect(switchStorePath("/stores", "s2")).toBe("/stores");
    expect(switchStorePath("/admin/members", "s2")).toBe("/admin/members");
    expect(switchStorePath("/store/s1/unknown-page", "s2")).toBe("/store/s1/unknown-page");
  });
});

describe("selectStore", () => {
  const stores = [{ id: "a" }, { id: "b" }, { id: "c" }];

  it("selects the route's store when it exists in the list", () => {
    expect(selectStore(stores, "b", "c")?.id).toBe("b");
  });

  it("falls back to the remembered store, then to the first one", () => {
    expect(selectStore(stores, "gone", "c")?.id).toBe("c");
    expect(selectStore(stores, undefined, "gone")?.id).toBe("a");
    expect(selectStore(stores, undefined, undefined)?.id).toBe("a");
  });

  it("selects nothing when there is no store", () => {
    expect(selectStore([], "a", "b")).toBeUndefined();
  });
});

describe("readCookie", () => {
  it("reads one cookie from a Cookie header", () => {
    expect(readCookie("np_session=abc; np_store=s%2F1", "np_store")).toBe("s/1");
    expect(readCookie("np_session=abc", "np_store")).toBeUndefined();
    expect(readCookie(null, "np_store")).toBeUndefined();
  });

  it("reads a garbled value as no value", () => {
    expect(readCookie("np_store=%E0%A4%A", "np_store")).toBeUndefined();
  });
});

describe("embeddedPath", () => {
  it("keeps links inside the Shopify admin under /app, with their query", () => {
    expect(embeddedPath("/store/3f2a/email-analytics")).toBe("/app/email-analytics");
    expect(embeddedPath("/popup-builder?preview=true")).toBe("/app/popup-builder?preview=true");
    expect(embeddedPath("/store/3f2a/dashboard")).toBe("/app");
    expect(embeddedPath("/")).toBe("/app");
    expect(embeddedPath("/app/settings")).toBe("/app/settings");
  });

  it("keeps the page inside a section", () => {
    expect(embeddedPath("/store/3f2a/campaigns/c1")).toBe("/app/campaigns/c1");
    expect(embeddedPath("/campaigns/c1?tab=stats")).toBe("/app/campaigns/c1?tab=stats");
  });

  it("sends the standalone-only screens to the app's home", () => {
    for (const url of ["/stores", "/onboarding", "/admin/members", "/login"]) {
      expect(embeddedPath(url)).toBe("/app");
    }
  });
});
