import path from "node:path";
import type { Page } from "@playwright/test";
import { POPUP_TEMPLATES } from "../../app/lib/popup-templates";
import { createStore, type Store, unique, updatePopup } from "./support/api";
import { login } from "./support/auth";
import { cardWithHeading, expect, test } from "./support/fixtures";
import { SCREENSHOT_DIR, screenshot } from "./support/screenshot";
import { ADMIN } from "./support/servers";
import { adminApiForFile } from "./support/spec-setup";

/**
 * A popup made of steps on the demo page (/demo/{storeId}): the opener, the email form, the extra fields and
 * the success view, the extra fields arriving on the subscriber; and the templates of the create-popup modal,
 * each previewed at a desktop's and a phone's width.
 */
const api = adminApiForFile();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const newStore = (label: string): Promise<Store> =>
  createStore(api, { name: unique(label), shopifyUrl: "https://steps-shop.example.com" });

async function shoot(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [
    ["1440", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`, { fullPage: false });
  }
}

test("a two-step popup: opener, email, extra fields and success, the fields stored on the subscriber", async ({
  page,
  browserErrors,
}) => {
  // The server checks the extra fields: a wrong birthday is its 422, shown on the field.
  browserErrors.allow(/status of 422/);
  const store = await newStore("Steps Store");
  await updatePopup(api, store.id, {
    steps: {
      opener: { enabled: true, question: "Want [DISCOUNT_PERCENT]% off your first order?" },
      extraFields: { enabled: true, fields: { firstName: true, birthday: true, phone: true } },
    },
  });
  await page.setViewportSize(DESKTOP);
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/js/")) scripts.push(pathname.slice("/js/".length));
  });
  const viewCounted = page.waitForRequest((request) => request.url().endsWith("/impressions"));
  await page.goto(`/demo/${store.id}`);
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await expect(popup.getByRole("heading", { name: "Want 15% off your first order?" })).toBeVisible();
  // The steps' code comes in its own file, loaded for a popup with steps only (popup/features.ts).
  expect(scripts).toEqual(["newsletter-popup.js", "newsletter-popup-view.js", "newsletter-popup-steps.js"]);
  await shoot(page, "popup-steps-opener");

  await popup.getByRole("button", { name: "Yes, please" }).click();
  // The one view request of the page view goes once the opener is answered, with the yes.
  expect((await viewCounted).postDataJSON()).toMatchObject({ opener: "yes" });
  const email = `${unique("steps")}@acme-corp.example`;
  await popup.getByLabel("Email address").fill(email);
  await popup.getByRole("button", { name: "SUBMIT" }).click();

  await expect(popup.getByRole("heading", { name: "Tell us a little more" })).toBeVisible();
  await popup.getByLabel("First name").fill("Ann");
  await popup.getByLabel("Day").fill("31");
  await popup.getByLabel("Month").fill("2");
  await popup.getByLabel("Phone").fill("+1 555 0100");
  await popup.getByRole("button", { name: "Save" }).click();
  await expect(popup.getByText("Please enter a real day and month")).toBeVisible();
  await popup.getByLabel("Day").fill("14");
  await popup.getByLabel("Month").fill("3");
  await popup.getByRole("checkbox", { name: /text messages/ }).check();
  await shoot(page, "popup-steps-extra-fields");
  await popup.getByRole("button", { name: "Save" }).click();
  await expect(popup.getByRole("heading", { name: "Thank you for subscribing!" })).toBeVisible();
  await expect(popup.getByLabel("Discount code")).toHaveValue("WELCOME15");

  const { subscribers } = await api.get<{ subscribers: { id: string }[] }>(
    `/api/stores/${store.id}/subscribers?search=${encodeURIComponent(email)}`,
  );
  const detail = await api.get<Record<string, unknown>>(
    `/api/stores/${store.id}/subscribers/${subscribers[0]?.id}`,
  );
  expect(detail).toMatchObject({
    email,
    firstName: "Ann",
    birthdayDay: 14,
    birthdayMonth: 3,
    phone: "+1 555 0100",
    phoneConsentText: expect.stringContaining("Steps Store"),
  });

  // The builder's results: each step's views, continues and drop-off, from this very visit.
  await login(page, ADMIN.email, ADMIN.password);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/store/${store.id}/popup-builder`);
  // The preview is given every feature file's module (popup/builder-features.ts): the opener shows.
  await expect(
    page.getByTestId("popup-preview").getByRole("heading", { name: "Want 15% off your first order?" }),
  ).toBeVisible();
  const results = cardWithHeading(page, "Results");
  await expect(results.getByText("1 → 1, 0.0% drop-off").first()).toBeVisible();
  await expect(results.getByText("Opener", { exact: true })).toBeVisible();
  // The same funnel per day: a line for each step's views.
  const stepsChart = results.getByRole("img", { name: /^Views of each step per day/ });
  for (const line of ["Opener views", "Email views", "Extra fields views", "Thank-you views"])
    await expect(stepsChart).toContainText(line);
  for (const [size, viewport] of [
    ["1440", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await results.screenshot({ path: path.join(SCREENSHOT_DIR, `popup-builder-step-results-${size}.png`) });
  }
});

test("each template previews in the create-popup modal, and a popup starts from one", async ({ page }) => {
  const store = await newStore("Template Store");
  await page.setViewportSize(DESKTOP);
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/popup-builder`);
  await page.getByRole("button", { name: "Create popup" }).click();
  const modal = page.getByRole("dialog", { name: "Create popup" });
  const preview = modal.getByTestId("template-preview");
  const popupIn = preview.getByTestId("popup-preview").getByRole("dialog");
  for (const template of POPUP_TEMPLATES) {
    await modal.getByText(template.name, { exact: true }).click();
    // In a 1440 px window, as a desktop screen shows it; then laid out on a 390 px phone screen.
    await expect(popupIn).toBeVisible();
    await screenshot(page, `popup-template-${template.id}-1440`, { fullPage: false });
    await preview.getByRole("button", { name: "Mobile" }).click();
    await expect(preview.getByTestId("popup-preview-screen")).toHaveCSS("width", "390px");
    await expect(popupIn).toBeVisible();
    await preview.getByTestId("popup-preview-screen").screenshot({
      path: path.join(SCREENSHOT_DIR, `popup-template-${template.id}-390.png`),
      animations: "disabled",
    });
    await preview.getByRole("button", { name: "Desktop" }).click();
  }
  await page.setViewportSize(PHONE);
  await screenshot(page, "popup-template-modal-390", { fullPage: false });
  await page.setViewportSize(DESKTOP);
  await modal.getByText("Birthday club", { exact: true }).click();
  await modal.getByLabel("Name of the new popup", { exact: true }).fill("Birthdays");
  await modal.getByRole("button", { name: "Create popup" }).click();
  await expect(page.getByLabel("Popup name", { exact: true })).toHaveValue("Birthdays");
  await expect(page.getByRole("checkbox", { name: "Ask for more after the subscription" })).toBeChecked();
  const steps = cardWithHeading(page, "Steps");
  for (const [size, viewport] of [
    ["1440", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await steps.screenshot({ path: path.join(SCREENSHOT_DIR, `popup-builder-steps-${size}.png`) });
  }
});
