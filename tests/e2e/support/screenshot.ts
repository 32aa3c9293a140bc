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
  // Taken once the test has seen the screen's content; animations are frozen at their end by Playwright.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A full-page picture of a scrolled page draws the fixed header and sidebar where the viewport was.
  if (options.fullPage ?? true) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: "disabled" });
  return file;
}
