import { describe, expect, it } from "vitest";
import {
  errorUnder,
  heldBack,
  mergePatch,
  pathsOf,
  replaces,
  without,
  withTargetingPairs,
} from "../../app/components/popup-builder/patch";
import type { BuilderConfig } from "../../app/components/popup-builder/types";
import { TARGETING_MESSAGES, updatePopupSchema } from "../../app/lib/schemas/popups";

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

describe("targeting pairs", () => {
  const config = {
    targeting: {
      pages: { include: [], exclude: [] },
      devices: { desktop: false, mobile: true },
      visitors: "all",
      sources: [],
      startsAt: "2026-12-02T00:00:00.000Z",
      endsAt: null,
    },
  } as unknown as BuilderConfig;

  it("send a device box or a schedule date with the other half of its pair", () => {
    expect(withTargetingPairs(config, { targeting: { devices: { desktop: false, mobile: false } } })).toEqual(
      {
        targeting: { devices: { desktop: false, mobile: false } },
      },
    );
    expect(withTargetingPairs(config, { targeting: { endsAt: "2026-12-01T00:00:00.000Z" } })).toEqual({
      targeting: { startsAt: "2026-12-02T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" },
    });
    expect(withTargetingPairs(config, { title: "x" })).toEqual({ title: "x" });
  });

  it("are refused by the popup schema as a pair, and a refused date holds back the whole schedule", () => {
    const parsed = updatePopupSchema.safeParse(
      withTargetingPairs(config, { targeting: { devices: { desktop: false, mobile: false } } }),
    );
    expect(parsed.error?.issues.map(({ path, message }) => [path.join("."), message])).toEqual([
      ["targeting.devices", TARGETING_MESSAGES.noDevice],
    ]);
    expect(heldBack(["targeting.endsAt", "title"])).toEqual([
      "targeting.startsAt",
      "targeting.endsAt",
      "title",
    ]);
  });
});
