import type { Locator, Page } from "@playwright/test";
import { createStore, type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { saveTitle } from "./support/popup-builder";
import { screenshot } from "./support/screenshot";
import { ADMIN } from "./support/servers";
import { adminApiForFile } from "./support/spec-setup";

/**
 * The builder's live preview tells the truth: it is laid out on a screen of a real device's width (so the
 * popup widths differ as on a site), a toggle switches desktop and phone, it stays in view on wide windows,
 * and the save status never says "All changes saved" while a field's value was refused.
 */

const api = adminApiForFile();

function newStore(label: string): Promise<Store> {
  return createStore(api, { name: unique(label), shopifyUrl: "https://preview-shop.example.com" });
}

const popupConfig = (storeId: string) =>
  api.get<{ buttonText: string; discountPercentage: number }>(`/api/stores/${storeId}/popup`);

function previewDialog(page: Page): Locator {
  return page.locator("[data-testid=popup-preview]").getByRole("dialog");
}

const storedTitle = (storeId: string) => async () =>
  ((await popupConfig(storeId)) as { title?: string }).title;

async function widthOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box.width;
}

test("the preview shows each popup width to scale, on a desktop or a 390 px phone screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const store = await newStore("Preview Widths");
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/popup-builder`);
  const dialog = previewDialog(page);
  const screen = page.getByTestId("popup-preview-screen");
  await expect(dialog).toBeVisible();
  await expect(page.getByText(/^Desktop screen, 1024 px wide, shown at \d+%$/)).toBeVisible();

  const width = page.getByLabel("Width");
  const screenWidth = await widthOf(screen);
  /** The popup's share of the screen, once its width transition has ended. */
  const share = (expected: number) =>
    expect.poll(async () => (await widthOf(dialog)) / screenWidth).toBeCloseTo(expected, 1);
  await width.selectOption({ label: "Small" });
  await expect(dialog).toHaveAttribute("style", /--w: 360px/);
  // On the 1024 px screen the popup takes its real share: 360 and 640 of 1024, whatever the scale.
  await share(360 / 1024);
  const small = await widthOf(dialog);
  await width.selectOption({ label: "Extra large" });
  await expect(dialog).toHaveAttribute("style", /--w: 640px/);
  await share(640 / 1024);
  const large = await widthOf(dialog);
  expect(large / small).toBeGreaterThan(1.6);
  await screenshot(page, "popup-builder-preview-desktop", { fullPage: false });

  // A phone: the popup fills the 390 px screen less its margins, as on the storefront.
  await page.getByRole("button", { name: "Mobile", exact: true }).click();
  await expect(page.getByRole("button", { name: "Mobile", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText(/^Mobile screen, 390 px wide/)).toBeVisible();
  await expect(screen).toHaveCSS("width", "390px");
  const phone = await widthOf(screen);
  await expect.poll(async () => (await widthOf(dialog)) / phone).toBeCloseTo((390 - 24) / 390, 1);
  await expect(dialog).toBeVisible();
  await screenshot(page, "popup-builder-preview-mobile", { fullPage: false });

  await page.getByRole("button", { name: "Desktop", exact: true }).click();
  await expect(page.getByText(/^Desktop screen, 1024 px wide/)).toBeVisible();
  await expect(screen).toHaveCSS("width", "1024px");
});

test("on a wide window the preview stays in view while the lower cards are edited", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const store = await newStore("Preview Sticky");
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/popup-builder`);
  await expect(previewDialog(page)).toBeVisible();

  await page.getByRole("button", { name: "Save social links" }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/acme");
  await expect(previewDialog(page)).toBeInViewport({ ratio: 0.9 });
  const pane = await page.getByTestId("preview-pane").boundingBox();
  expect(pane?.y).toBeGreaterThanOrEqual(56);
  await screenshot(page, "popup-builder-preview-sticky", { fullPage: false });
});

test("on a phone the live preview is one tap away at the top, and edits show in it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const store = await newStore("Preview Phone");
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/popup-builder`);
  const switchTo = (name: "Edit" | "Preview") => page.getByRole("button", { name, exact: true });
  await expect(switchTo("Edit")).toHaveAttribute("aria-pressed", "true");
  await expect(previewDialog(page)).toBeHidden();
  await screenshot(page, "popup-builder-390");

  // Deep in the editor, the switch stays in sight under the top bar.
  await page.getByLabel("Button text").fill("Get my code");
  await page.getByRole("button", { name: "Save social links" }).scrollIntoViewIfNeeded();
  await expect(switchTo("Preview")).toBeInViewport();
  await switchTo("Preview").click();
  await expect(switchTo("Preview")).toHaveAttribute("aria-pressed", "true");
  await expect(previewDialog(page)).toBeInViewport();
  await expect(previewDialog(page).getByRole("button", { name: "Get my code" })).toBeVisible();
  await expect(page.getByLabel("Button text")).toBeHidden();
  await page.getByRole("button", { name: "Mobile", exact: true }).click();
  await expect(previewDialog(page)).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "popup-builder-preview-390", { fullPage: false });

  // Back to the editor, at its top.
  await switchTo("Edit").click();
  await expect(page.getByLabel("Button text")).toBeVisible();
  await expect(previewDialog(page)).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Wide, both columns show and the switch does not.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(switchTo("Preview")).toBeHidden();
  await expect(previewDialog(page)).toBeVisible();
});

test("a refused value says 'Not saved' until it is fixed, never 'All changes saved'", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 422/);
  const store = await newStore("Preview Status");
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/popup-builder`);
  const saved = page.getByText("All changes saved");
  await expect(saved).toBeVisible();

  const button = page.getByLabel("Button text");
  await button.fill("");
  await expect(page.getByText("Button text is required", { exact: true })).toBeVisible();
  await expect(page.getByText("Not saved: fix the Button text field")).toBeVisible();
  await expect(saved).toBeHidden();

  // Another valid edit is saved, but the status still says the refused one is not. Saves go in order, so
  // once the later edit is stored, the refused one would have been too: it was not.
  await saveTitle(page, storedTitle(store.id), "Still editing");
  expect((await popupConfig(store.id)).buttonText).toBe("SUBMIT");
  await expect(page.getByText("Not saved: fix the Button text field")).toBeVisible();
  await screenshot(page, "popup-builder-not-saved");

  await button.fill("JOIN");
  await expect(saved).toBeVisible();
  await expect.poll(async () => (await popupConfig(store.id)).buttonText).toBe("JOIN");

  const percentage = page.getByLabel("Discount percentage");
  await percentage.fill("0");
  await expect(page.getByText("Discount percentage must be between 1 and 100")).toBeVisible();
  await expect(page.getByText("Not saved: fix the Discount percentage field")).toBeVisible();
  await saveTitle(page, storedTitle(store.id), "Still editing the offer");
  expect((await popupConfig(store.id)).discountPercentage).toBe(15);
  await percentage.fill("25");
  await expect(saved).toBeVisible();
  await expect.poll(async () => (await popupConfig(store.id)).discountPercentage).toBe(25);
  await expect(toast(page)).toHaveCount(0);
});
