import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Chromium features the suite turns off on top of Playwright's own: the address bar's WebUI popups. Every new
 * window (each test's page) otherwise starts a hidden renderer for chrome://omnibox-popup.top-chrome, which a
 * headless test never shows: measured at 12 % of the end-to-end suite's CPU on two cores.
 */
const SUITE_DISABLED_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "PreloadTopChromeWebUI"];

/**
 * Playwright's own disabled features, read from the installed playwright-core (its `disabledFeatures` list):
 * Chromium keeps only the last `--disable-features` switch, so ours must repeat them.
 */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url);
  const bundle = path.join(
    path.dirname(require.resolve("playwright-core/package.json")),
    "lib",
    "coreBundle.js",
  );
  const source = fs.readFileSync(bundle, "utf8");
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(source)?.[1];
  const names = [...(list ?? "").matchAll(/^\s*"(\w+)",?$/gm)].map((match) => match[1] ?? "");
  if (!names.includes("HttpsUpgrades")) {
    throw new Error(
      `Playwright's disabled Chromium features were not found in ${bundle}: update tests/e2e/support/chromium-features.ts`,
    );
  }
  return names;
}

/** The `--disable-features` switch for the suite's Chromium: Playwright's list and ours. */
export const disableFeaturesSwitch = () =>
  `--disable-features=${[...playwrightDisabledFeatures(), ...SUITE_DISABLED_FEATURES].join(",")}`;
