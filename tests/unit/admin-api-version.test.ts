import { describe, expect, it } from "vitest";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { adminVersionSupportEnd, isAdminVersionSupported } from "../../scripts/admin-graphql/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`the pinned Admin API version (${SHOPIFY_API_VERSION})`, () => {
  it("is inside Shopify's support window today (12 months from its quarterly release)", () => {
    const today = new Date();
    const end = adminVersionSupportEnd(SHOPIFY_API_VERSION);
    const daysLeft = Math.floor((end.getTime() - today.getTime()) / DAY_MS);
    // biome-ignore lint/suspicious/noConsole: how long the version has left is this test's report.
    console.info(
      `Admin API ${SHOPIFY_API_VERSION} is supported until ${end.toISOString().slice(0, 10)}: ${daysLeft} days left`,
    );
    expect(
      isAdminVersionSupported(SHOPIFY_API_VERSION, today),
      `Admin API ${SHOPIFY_API_VERSION} left Shopify's support on ${end.toISOString().slice(0, 10)}: move to a newer version (README, "How to move Admin API versions")`,
    ).toBe(true);
  });
});

describe("adminVersionSupportEnd", () => {
  it("is the release's first day a year later", () => {
    expect(adminVersionSupportEnd("2025-10")).toEqual(new Date("2026-10-01T00:00:00Z"));
    expect(adminVersionSupportEnd("2026-01")).toEqual(new Date("2027-01-01T00:00:00Z"));
  });

  it("ends support at midnight UTC of that day", () => {
    expect(isAdminVersionSupported("2025-10", new Date("2026-09-30T23:59:59Z"))).toBe(true);
    expect(isAdminVersionSupported("2025-10", new Date("2026-10-01T00:00:00Z"))).toBe(false);
  });

  it("refuses what is not a quarterly stable version", () => {
    for (const version of ["unstable", "2026-05", "2026-1", ""]) {
      expect(() => adminVersionSupportEnd(version)).toThrow(/not a stable Admin API version/);
    }
  });
});
