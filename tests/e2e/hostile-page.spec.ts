import type { BrowserContextOptions, Locator, Page } from "@playwright/test";
import { createStore, unique, updatePopup } from "./support/api";
import { expect, test } from "./support/fixtures";
import { popupDecision, recordPopupEvents } from "./support/popup-events";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";
import { type ShopSite, startShopSite } from "./support/shop-site";
import { adminApiForFile } from "./support/spec-setup";

/**
 * The storefront popup on a page that does everything a theme or an accessibility overlay does to the
 * elements around it: transform, filter and contain on the document and body (each makes a fixed element
 * position against the body instead of the screen), a fixed header at the highest z-index, and resets that
 * reach every element. The popup and its teaser tab stand in the browser's top layer, so they stay on screen.
 */

const api = adminApiForFile();

const HOSTILE_CSS = [
  "html{filter:saturate(1.05);contain:paint}",
  "body{transform:translateZ(0);filter:contrast(1.02);contain:layout paint}",
  ".top{position:fixed;top:0;left:0;right:0;height:72px;z-index:2147483647;background:#1f2937;color:#fff}",
  "*{box-sizing:content-box!important}",
  "button{all:unset}",
].join("");
const HEADER = '<header class="top">Free shipping on every order</header>';

const VIEWPORTS: [string, BrowserContextOptions][] = [
  ["1440", { viewport: { width: 1440, height: 900 } }],
  ["390", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
];

let site: ShopSite | undefined;
test.afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** Whether the element is wholly inside the viewport and is what a tap on its centre reaches. */
async function onScreen(page: Page, locator: Locator, hostTag: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error("not rendered");
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  // elementFromPoint answers the shadow host for anything inside its shadow root.
  const topmost = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.tagName.toLowerCase(),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  return { inside, topmost: topmost === hostTag };
}

for (const [label, options] of VIEWPORTS) {
  test(`at ${label} px on a hostile page: the popup is on screen, traps and returns focus, and its teaser reopens it`, async ({
    browser,
  }) => {
    const store = await createStore(api, {
      name: unique("Hostile Shop"),
      shopifyUrl: "https://hostile.example.com",
    });
    await api.put(`/api/stores/${store.id}`, { privacyPolicyUrl: "https://hostile.example.com/privacy" });
    await updatePopup(api, store.id, {
      displayTrigger: "scroll-50",
      design: { teaser: { enabled: true, text: "Get 15% off" } },
    });
    site = await startShopSite(MAIN, store.id, { css: HOSTILE_CSS, header: HEADER });
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await recordPopupEvents(page);
    await page.goto(`${site.url}/`);
    expect(await popupDecision(page)).toMatchObject({ trigger: "scroll-50" });

    // The visitor is on a control of the page, scrolled down: the popup opens there.
    const pageButton = page.locator("#page-button");
    await pageButton.focus();
    await page.evaluate(() => window.scrollTo(0, 600));
    const dialog = page.locator("newsletter-popup").getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "LOOKING FOR EXCLUSIVE OFFERS?" })).toBeVisible();
    await dialog.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    expect(await onScreen(page, dialog, "newsletter-popup")).toEqual({ inside: true, topmost: true });
    await expect(dialog.getByLabel("Email address")).toBeFocused();
    expect(await page.evaluate(() => [getComputedStyle(document.documentElement).overflow, scrollY])).toEqual(
      ["hidden", 600],
    );
    await screenshot(page, `hostile-page-popup-${label}`, { fullPage: false });

    // Focus goes round inside the popup: back past the first control to the last, on past the last to the first.
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("link", { name: "Privacy policy" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(page.locator("newsletter-popup")).toHaveCount(0);
    await expect(pageButton).toBeFocused();
    expect(await page.evaluate(() => [document.documentElement.style.overflow, scrollY])).toEqual(["", 600]);
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(100);

    const teaser = page.locator("newsletter-popup-teaser").getByRole("button", { name: "Get 15% off" });
    await expect(teaser).toBeVisible();
    expect(await onScreen(page, teaser, "newsletter-popup-teaser")).toEqual({ inside: true, topmost: true });
    await screenshot(page, `hostile-page-teaser-${label}`, { fullPage: false });
    await teaser.click();
    await expect(dialog.getByLabel("Email address")).toBeFocused();
    expect(await onScreen(page, dialog, "newsletter-popup")).toEqual({ inside: true, topmost: true });
    await context.close();
  });
}
