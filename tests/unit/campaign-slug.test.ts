import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "~/lib/campaign-slug";

describe("campaign slugs", () => {
  it("turns a name into lowercase ASCII words joined by hyphens", () => {
    expect(slugify("Black Friday — 30 % off!")).toBe("black-friday-30-off");
    expect(slugify("  Crème brûlée week  ")).toBe("creme-brulee-week");
  });

  it("falls back to 'campaign' for a name with no letters or digits", () => {
    expect(slugify("🎉 !!!")).toBe("campaign");
  });

  it("keeps at most 60 characters and never ends on a hyphen", () => {
    const slug = slugify(`${"a".repeat(59)} b`);
    expect(slug).toBe("a".repeat(59));
    expect(slugify("word ".repeat(30)).length).toBeLessThanOrEqual(60);
  });

  it("numbers a slug the store already has", () => {
    expect(uniqueSlug("Spring sale", new Set())).toBe("spring-sale");
    expect(uniqueSlug("Spring sale", new Set(["spring-sale"]))).toBe("spring-sale-2");
    expect(uniqueSlug("Spring Sale!", new Set(["spring-sale", "spring-sale-2"]))).toBe("spring-sale-3");
  });
});
