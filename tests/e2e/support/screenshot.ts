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
  // Bounded: once a sandboxed frame (the email preview) has navigated, Playwright never reports the page
  // as network-idle again; the picture is taken either way.
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A full-page picture of a scrolled page draws the fixed header and sidebar where the viewport was.
  if (options.fullPage ?? true) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: "disabled" });
  return file;
}
