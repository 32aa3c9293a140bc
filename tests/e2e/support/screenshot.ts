import path from "node:path";
import type { Page } from "@playwright/test";

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "..", "screenshots");

/**
 * Saves a full-page PNG to tests/e2e/screenshots/<name>.png (gitignored) for a person to look at.
 * `fullPage: false` keeps to the viewport (a fixed overlay such as the storefront popup covers only it).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Let Polaris' transitions (toasts, menus, the loading bar) settle so the picture shows the resting state.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: "disabled" });
  return file;
}
