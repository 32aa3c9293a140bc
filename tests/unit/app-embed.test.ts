import { describe, expect, it } from "vitest";
import { appEmbedEditorUrl, myshopifyDomainOf } from "~/lib/app-embed";
import { formatTimeAgo } from "~/lib/format";

describe("the theme editor's deep link to the app embed", () => {
  it("activates the block by the app's client id and the block's file name", () => {
    expect(appEmbedEditorUrl("acme.myshopify.com", "abc123")).toBe(
      "https://acme.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=abc123/app-embed",
    );
  });

  it("opens the App embeds list when the app's client id is not configured", () => {
    expect(appEmbedEditorUrl("acme.myshopify.com", null)).toBe(
      "https://acme.myshopify.com/admin/themes/current/editor?context=apps",
    );
  });

  it("finds the shop's myshopify.com domain: the installed shop's, else the store name; nothing else", () => {
    expect(myshopifyDomainOf({ shopifyDomain: "acme.myshopify.com", shopifyStoreName: "other" })).toBe(
      "acme.myshopify.com",
    );
    expect(myshopifyDomainOf({ shopifyDomain: null, shopifyStoreName: "my-shop" })).toBe(
      "my-shop.myshopify.com",
    );
    expect(myshopifyDomainOf({ shopifyDomain: null, shopifyStoreName: null })).toBeNull();
    expect(myshopifyDomainOf({ shopifyDomain: null, shopifyStoreName: "evil.example/x" })).toBeNull();
  });
});

describe("formatTimeAgo", () => {
  const now = "2026-11-24T12:00:00Z";
  it.each([
    ["2026-11-24T11:59:30Z", "just now"],
    ["2026-11-24T11:59:00Z", "1 minute ago"],
    ["2026-11-24T11:55:00Z", "5 minutes ago"],
    ["2026-11-24T09:00:00Z", "3 hours ago"],
    ["2026-11-23T11:00:00Z", "yesterday"],
    ["2026-11-20T12:00:00Z", "4 days ago"],
  ])("%s reads as %s", (seen, text) => {
    expect(formatTimeAgo(seen, now)).toBe(text);
  });
});
