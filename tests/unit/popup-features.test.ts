import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicPopupConfig } from "../../popup/config";
import { type LaterFile, loadFeatures } from "../../popup/features";
import { defaultPopupSteps } from "../../popup/steps";

/** The build's names of the feature files (popup/vite.config.ts defines them for the storefront). */
const FILES = {
  wheel: ["wheel.js", "Wheel"],
  steps: ["steps.js", "Steps"],
  success: ["success.js", "Success"],
};
const scope = globalThis as { __FEATURE_FILES__?: typeof FILES };
beforeAll(() => {
  scope.__FEATURE_FILES__ = FILES;
});
afterAll(() => {
  delete scope.__FEATURE_FILES__;
});

const popup = (opener: boolean, extraFields: boolean, wheel: boolean) =>
  ({
    wheel: wheel ? { slices: [] } : undefined,
    steps: {
      opener: { ...defaultPopupSteps.opener, enabled: opener },
      extraFields: { ...defaultPopupSteps.extraFields, enabled: extraFields },
    },
  }) as unknown as PublicPopupConfig;

/** Which files load before the popup shows, and which once the shopper acts. */
async function filesFor(config: PublicPopupConfig) {
  const asked: string[] = [];
  const load = async <T>([file]: LaterFile) => {
    asked.push(file);
    return file as T;
  };
  const features = await loadFeatures(config, load);
  const beforeShown = [...asked];
  await features?.later?.();
  return { beforeShown, onAct: asked.slice(beforeShown.length) };
}

describe("the feature files a popup loads, before it shows and once the shopper acts (docs/decisions/199)", () => {
  it("loads none before a plain popup shows, and the success view once the shopper acts", async () => {
    expect(await filesFor(popup(false, false, false))).toEqual({ beforeShown: [], onAct: ["success.js"] });
  });

  it("loads a wheel before it shows, unless an opener comes first: then with its yes", async () => {
    expect(await filesFor(popup(false, false, true))).toEqual({
      beforeShown: ["wheel.js"],
      onAct: ["success.js"],
    });
    expect(await filesFor(popup(true, false, true))).toEqual({
      beforeShown: ["steps.js"],
      onAct: ["wheel.js", "success.js"],
    });
  });

  it("loads the steps before an opener shows, and after a subscription's start for extra fields alone", async () => {
    expect(await filesFor(popup(true, true, false))).toEqual({
      beforeShown: ["steps.js"],
      onAct: ["success.js"],
    });
    expect(await filesFor(popup(false, true, true))).toEqual({
      beforeShown: ["wheel.js"],
      onAct: ["steps.js", "success.js"],
    });
  });

  it("answers nothing when a file the popup needs to show fails to load", async () => {
    const failing = async <T>(): Promise<T> => {
      throw new Error("offline");
    };
    expect(await loadFeatures(popup(true, false, false), failing)).toBeUndefined();
  });
});
