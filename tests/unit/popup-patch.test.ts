import { describe, expect, it } from "vitest";
import { errorUnder, mergePatch, pathsOf, replaces, without } from "../../app/components/popup-builder/patch";

describe("builder edits", () => {
  it("merge nested objects at every depth and replace lists", () => {
    const current = {
      title: "Hi",
      targeting: { pages: { include: ["/a"], exclude: ["/b"] }, sources: ["x"], visitors: "all" },
    };
    expect(mergePatch(current, { targeting: { pages: { include: ["/c", "/d"] }, sources: [] } })).toEqual({
      title: "Hi",
      targeting: { pages: { include: ["/c", "/d"], exclude: ["/b"] }, sources: [], visitors: "all" },
    });
  });

  it("name the leaf fields a patch sets, a list as one field", () => {
    expect(pathsOf({ title: "x", design: { teaser: { text: "y" } }, variants: [{ name: "A" }] })).toEqual([
      "title",
      "design.teaser.text",
      "variants",
    ]);
  });

  it("replace a field's own message and those of a list's items, not a sibling's", () => {
    expect(replaces("variants", "variants.1.weight")).toBe(true);
    expect(replaces("design.buttonColor", "design.buttonColor")).toBe(true);
    expect(replaces("design.buttonColor", "design.buttonTextColor")).toBe(false);
  });

  it("leave refused fields out of a save, with a list whose item was refused and an object's children", () => {
    const patch = {
      title: "ok",
      design: { buttonColor: "#12", textColor: "#000000" },
      targeting: { pages: { include: ["x"] } },
      variants: [{ name: "A", weight: 500 }],
    };
    expect(without(patch, ["design.buttonColor", "targeting.pages", "variants.0.weight"])).toEqual({
      title: "ok",
      design: { textColor: "#000000" },
    });
  });

  it("find a list field's message on one of its items", () => {
    const errors = { "targeting.sources.1": "A traffic source is a utm_source value or a host name" };
    expect(errorUnder(errors, "targeting.sources")).toBe(
      "A traffic source is a utm_source value or a host name",
    );
    expect(errorUnder(errors, "targeting.source")).toBeUndefined();
  });
});
