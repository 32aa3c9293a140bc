import type { Browser, BrowserContextOptions, Locator, Page } from "@playwright/test";
import { createStore, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { popupDecision, recordPopupEvents } from "./support/popup-events";
import { type PopupInput, setPopups, variantCounts } from "./support/popups-db";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { type ShopSite, startShopSite } from "./support/shop-site";
import { adminApiForFile } from "./support/spec-setup";

/**
 * Several popups on a merchant's own site (a plain site on another origin with the install script tag):
 * the script chooses the popup by page, device and priority, keeps a visitor's A/B variant, draws the
 * popup's design and position, and leaves a teaser tab after a dismissal.
 */

const api = adminApiForFile();
const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

let site: ShopSite | undefined;
test.afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** A new store with these popups, and the merchant's site that installs its script. */
async function shopWith(
  label: string,
  popups: PopupInput[],
): Promise<{ storeId: string; popupIds: string[] }> {
  const store = await createStore(api, {
    name: unique(label),
    shopifyUrl: "https://targeting-shop.example.com",
  });
  const popupIds = await setPopups(MAIN, store.id, popups);
  site = await startShopSite(MAIN, store.id);
  return { storeId: store.id, popupIds };
}

/** Opens a page of the site and waits until the script has the store's popups. */
async function visit(page: Page, path: string): Promise<void> {
  const loaded = page.waitForResponse((response) =>
    /\/api\/public\/stores\/[\w-]+\/popups/.test(response.url()),
  );
  await page.goto(`${site?.url}${path}`);
  expect((await loaded).status()).toBe(200);
}

const popupDialog = (page: Page): Locator => page.locator("newsletter-popup").getByRole("dialog");
/** Waits for the dialog's entrance animation to end, so its box is where it stays. */
const settled = (dialog: Locator) =>
  dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
const teaserTab = (page: Page, name: string): Locator =>
  page.locator("newsletter-popup-teaser").getByRole("button", { name });

test.beforeEach(async ({ page }) => {
  await recordPopupEvents(page);
});

/** What nothing shows looks like: the script decided this page view shows no popup, and left the page alone. */
async function expectNoPopup(page: Page): Promise<void> {
  expect(await popupDecision(page)).toMatchObject({ popupId: null, trigger: null });
  await expect(page.locator("newsletter-popup")).toHaveCount(0);
}

async function pageIn(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: MAIN.baseURL });
  return context.newPage();
}

test("two popups with different page rules show on their pages only, and the impression names the popup", async ({
  page,
}) => {
  const { popupIds } = await shopWith("Pages Store", [
    { title: "Shirts offer", targeting: { pages: { include: ["/products/*"], exclude: [] } } },
    { title: "Readers offer", targeting: { pages: { include: ["/blog/*"], exclude: ["/blog/private*"] } } },
  ]);

  await visit(page, "/products/shirt");
  await expect(popupDialog(page).getByRole("heading", { name: "Shirts offer" })).toBeVisible();
  // The view was counted for that popup and its variant.
  await expect
    .poll(() => variantCounts(MAIN, popupIds[0] ?? ""))
    .toEqual({ control: { impressions: 1, subscribers: 0 } });

  await visit(page, "/blog/post");
  await expect(popupDialog(page).getByRole("heading", { name: "Readers offer" })).toBeVisible();

  for (const elsewhere of ["/", "/products", "/blog/private-notes"]) {
    await visit(page, elsewhere);
    await expectNoPopup(page);
  }
});

test("a visitor's subscription counts for the variant of their counted view, on the merchant's own site", async ({
  page,
}) => {
  const { popupIds } = await shopWith("Counted Store", [{ title: "Counted offer" }]);
  const impression = () => page.waitForResponse((response) => response.url().endsWith("/impressions"));
  // The first page's impression is answered before the visit moves on: its answer must not be read as the
  // second page's.
  const firstViewed = impression();
  await visit(page, "/products/shirt");
  const dialog = popupDialog(page);
  await expect(dialog.getByRole("heading", { name: "Counted offer" })).toBeVisible();
  await (await firstViewed).finished();
  await expect
    .poll(() => variantCounts(MAIN, popupIds[0] ?? ""))
    .toEqual({ control: { impressions: 1, subscribers: 0 } });
  // Another page of the same visit: the popup shows again, the view is not counted again but still
  // answers the visit's view token, which the subscription carries.
  const viewed = impression();
  await visit(page, "/blog/post");
  await expect(dialog.getByRole("heading", { name: "Counted offer" })).toBeVisible();
  expect(await (await viewed).json()).toEqual({ viewToken: expect.stringMatching(/^\d{13}\.[0-9a-f]{32}$/) });
  const subscribed = page.waitForResponse((response) => response.url().endsWith("/subscribe"));
  await dialog.getByLabel("Email address").fill(`${unique("counted")}@acme-corp.example`);
  await dialog.getByRole("button", { name: "SUBMIT" }).click();
  expect((await subscribed).status()).toBe(200);
  await expect
    .poll(() => variantCounts(MAIN, popupIds[0] ?? ""))
    .toEqual({ control: { impressions: 1, subscribers: 1 } });
});

test("a desktop popup shows on a wide screen, a mobile one on a phone", async ({ browser }) => {
  await shopWith("Devices Store", [
    { title: "Desktop offer", targeting: { devices: { desktop: true, mobile: false } } },
    { title: "Phone offer", targeting: { devices: { desktop: false, mobile: true } } },
  ]);
  const desktop = await pageIn(browser, DESKTOP);
  await visit(desktop, "/");
  await expect(popupDialog(desktop).getByRole("heading", { name: "Desktop offer" })).toBeVisible();
  await desktop.context().close();

  const phone = await pageIn(browser, PHONE);
  await visit(phone, "/");
  await expect(popupDialog(phone).getByRole("heading", { name: "Phone offer" })).toBeVisible();
  await phone.context().close();
});

test("a visitor keeps their variant across page views; another visitor may get the other", async ({
  page,
}) => {
  const { storeId, popupIds } = await shopWith("Variants Store", [
    {
      title: "Control offer",
      variants: [
        { id: "control", name: "A", weight: 50, overrides: {} },
        {
          id: "bold",
          name: "B",
          weight: 50,
          overrides: { title: "Bold offer", design: { backgroundColor: "#fde68a" } },
        },
      ],
    },
  ]);
  const variantKey = `np:${storeId}:variant:${popupIds[0]}`;
  const heading = popupDialog(page).getByRole("heading");

  await visit(page, "/products/shirt");
  await expect(heading).toBeVisible();
  const first = (await heading.textContent()) ?? "";
  const kept = await page.evaluate((key) => localStorage.getItem(key), variantKey);
  expect(kept).toBe(first === "Bold offer" ? "bold" : "control");
  for (const path of ["/products/shirt", "/blog/post", "/"]) {
    await visit(page, path);
    await expect(heading).toHaveText(first);
  }
  // The visit was counted once, for the visitor's variant only: its later page views are not counted again.
  await expect
    .poll(() => variantCounts(MAIN, popupIds[0] ?? ""))
    .toEqual({ [kept ?? ""]: { impressions: 1, subscribers: 0 } });

  // The other variant, as a visitor who was given it sees it (its design too).
  const other = kept === "bold" ? "control" : "bold";
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [variantKey, other] as const);
  await visit(page, "/");
  await expect(heading).toHaveText(other === "bold" ? "Bold offer" : "Control offer");
  const background = await popupDialog(page).evaluate((dialog) => getComputedStyle(dialog).backgroundColor);
  expect(background).toBe(other === "bold" ? "rgb(253, 230, 138)" : "rgb(255, 255, 255)");

  // A variant the popup no longer has is drawn again.
  await page.evaluate((key) => localStorage.setItem(key, "retired"), variantKey);
  await visit(page, "/");
  await expect(heading).toBeVisible();
  expect(["control", "bold"]).toContain(await page.evaluate((key) => localStorage.getItem(key), variantKey));
});

const cornerDesign = {
  backgroundColor: "#0f172a",
  textColor: "#f8fafc",
  buttonColor: "#f59e0b",
  buttonTextColor: "#111827",
  cornerRadius: 6,
  position: "corner" as const,
  teaser: { enabled: true, text: "Get 10% off" },
};

for (const [label, options] of [
  ["1440", DESKTOP],
  ["390", PHONE],
] as const) {
  test(`at ${label} px: a corner slide-in with its colours leaves the page usable, and its teaser reopens it`, async ({
    browser,
  }) => {
    await shopWith("Corner Store", [{ title: "Corner offer", design: cornerDesign }]);
    const page = await pageIn(browser, options);
    const width = options.viewport?.width ?? 0;
    const height = options.viewport?.height ?? 0;
    await visit(page, "/products/shirt");
    const dialog = popupDialog(page);
    await expect(dialog.getByRole("heading", { name: "Corner offer" })).toBeVisible();
    await expect(dialog).not.toHaveAttribute("aria-modal", "true");
    const style = await dialog.evaluate((element) => {
      const css = getComputedStyle(element);
      const button = getComputedStyle(element.querySelector("button[type=submit]") as Element);
      return {
        background: css.backgroundColor,
        color: css.color,
        radius: css.borderTopLeftRadius,
        button: button.backgroundColor,
        buttonText: button.color,
      };
    });
    expect(style).toEqual({
      background: "rgb(15, 23, 42)",
      color: "rgb(248, 250, 252)",
      radius: "6px",
      button: "rgb(245, 158, 11)",
      buttonText: "rgb(17, 24, 39)",
    });
    // In the bottom right corner, with the page still there to use around it.
    await expect(dialog.getByRole("heading", { name: "Corner offer" })).toBeInViewport();
    await settled(dialog);
    const box = await dialog.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(width - 20);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(height - 20);
    await page.getByRole("button", { name: "A button of the page" }).click({ trial: true });
    await screenshot(page, `popup-corner-${label}`, { fullPage: false });

    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.locator("newsletter-popup")).toHaveCount(0);
    await expect(teaserTab(page, "Get 10% off")).toBeVisible();
    await screenshot(page, `popup-teaser-${label}`, { fullPage: false });

    // A later page view during the dismissal: no popup, the tab again; the tab reopens the popup.
    await visit(page, "/blog/post");
    await expect(teaserTab(page, "Get 10% off")).toBeVisible();
    await expect(page.locator("newsletter-popup")).toHaveCount(0);
    await teaserTab(page, "Get 10% off").click();
    await expect(dialog.getByRole("heading", { name: "Corner offer" })).toBeVisible();
    await expect(page.locator("newsletter-popup-teaser")).toHaveCount(0);
    await page.context().close();
  });

  test(`at ${label} px: a bottom bar spans the bottom of the screen`, async ({ browser }) => {
    await shopWith("Bar Store", [
      {
        title: "Bar offer",
        design: {
          position: "bottom-bar",
          backgroundColor: "#ecfdf5",
          buttonColor: "#047857",
          cornerRadius: 0,
        },
      },
    ]);
    const page = await pageIn(browser, options);
    const width = options.viewport?.width ?? 0;
    const height = options.viewport?.height ?? 0;
    await visit(page, "/");
    const dialog = popupDialog(page);
    await expect(dialog.getByRole("heading", { name: "Bar offer" })).toBeVisible();
    await settled(dialog);
    const box = await dialog.boundingBox();
    expect(Math.round(box?.x ?? -1)).toBe(0);
    expect(Math.round(box?.width ?? 0)).toBe(width);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(height);
    expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgb(236, 253, 245)",
    );
    await screenshot(page, `popup-bottom-bar-${label}`, { fullPage: false });
    await page.context().close();
  });
}

test("a centred popup draws its overlay in the design's colour and opacity", async ({ page }) => {
  await shopWith("Overlay Store", [
    { title: "Centred offer", design: { overlayColor: "#7c3aed", overlayOpacity: 30, cornerRadius: 24 } },
  ]);
  await visit(page, "/");
  const dialog = popupDialog(page);
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const overlay = page.locator("newsletter-popup .ov");
  expect(await overlay.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    "rgba(124, 58, 237, 0.3)",
  );
  expect(await dialog.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe("24px");
});

test("the builder's preview draws the popup's design: a bottom bar spans the preview screen", async ({
  page,
}) => {
  const { storeId } = await shopWith("Preview Design Store", [
    {
      title: "Preview offer",
      design: { position: "bottom-bar", backgroundColor: "#0f172a", textColor: "#f8fafc" },
    },
  ]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${storeId}/popup-builder`);
  const dialog = page.getByTestId("popup-preview").getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Preview offer" })).toBeVisible();
  await settled(dialog);
  expect(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    "rgb(15, 23, 42)",
  );
  const screen = await page.getByTestId("popup-preview-screen").boundingBox();
  const box = await dialog.boundingBox();
  expect(Math.abs((box?.width ?? 0) - (screen?.width ?? 1))).toBeLessThan(2);
  expect(
    Math.abs((box?.y ?? 0) + (box?.height ?? 0) - ((screen?.y ?? 0) + (screen?.height ?? 1))),
  ).toBeLessThan(2);
});
