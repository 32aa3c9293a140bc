import { describe, expect, it } from "vitest";
import {
  EXIT_TARGET_MISSING,
  EXIT_TARGET_REFUSED,
  type ExitAllowance,
  exitTarget,
} from "~/services/shopify/exit-target.server";
import { OFF_SITE_TARGETS } from "../support/matrices/exit-targets";

const allowance: ExitAllowance = {
  appUrls: ["https://newsletter-popup.test", "https://dashboard.example.com"],
  signedShop: "acme.myshopify.com",
};

describe("exitTarget", () => {
  it.each([
    ["/auth/login", "https://newsletter-popup.test/auth/login"],
    ["/app?shop=acme.myshopify.com", "https://newsletter-popup.test/app?shop=acme.myshopify.com"],
    ["https://newsletter-popup.test/app", "https://newsletter-popup.test/app"],
    ["https://dashboard.example.com/settings", "https://dashboard.example.com/settings"],
    ["https://admin.shopify.com/store/acme/apps", "https://admin.shopify.com/store/acme/apps"],
    ["https://ADMIN.shopify.com/store/other", "https://admin.shopify.com/store/other"],
    [
      "https://acme.myshopify.com/admin/oauth/install?client_id=k",
      "https://acme.myshopify.com/admin/oauth/install?client_id=k",
    ],
    ["https://acme.myshopify.com/admin", "https://acme.myshopify.com/admin"],
  ])("opens %s as %s", (raw, expected) => {
    expect(exitTarget(raw, allowance).href).toBe(expected);
  });

  it.each(OFF_SITE_TARGETS)("refuses %s", (raw) => {
    expect(() => exitTarget(raw, allowance)).toThrow(EXIT_TARGET_REFUSED);
  });

  it("opens a shop's admin only for the shop a session token was signed for", () => {
    const target = "https://acme.myshopify.com/admin/charges/1/confirm";
    expect(() => exitTarget(target, { ...allowance, signedShop: null })).toThrow(EXIT_TARGET_REFUSED);
    expect(() => exitTarget(target, { ...allowance, signedShop: "other.myshopify.com" })).toThrow(
      EXIT_TARGET_REFUSED,
    );
  });

  it.each([null, "", "   "])("asks for a target when there is none (%j)", (raw) => {
    expect(() => exitTarget(raw, allowance)).toThrow(EXIT_TARGET_MISSING);
  });
});
