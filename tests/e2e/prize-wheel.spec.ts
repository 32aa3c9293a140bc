import type { Page } from "@playwright/test";
import { createStore, unique, updatePopup } from "./support/api";
import { login } from "./support/auth";
import { withClient } from "./support/database";
import { cardWithHeading, expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { adminApiForFile } from "./support/spec-setup";

/**
 * The prize wheel on a Shopify store's storefront popup (the demo page): the server draws the prize (only
 * the free-shipping slice has weight here, so the draw is known), the wheel lands on it, and the prize's
 * code applies itself through the shop's /discount/CODE link. Then the builder's offer card and wheel, a slice
 * code Shopify lacks, and the wheel's results.
 */
test.describe.configure({ mode: "serial" });

const api = adminApiForFile();
let storeId = "";

const slice = (label: string, color: string, weight: number, prize: object | null) => ({
  label,
  color,
  weight,
  prize,
});

/** A fixed-amount popup whose wheel only lets "Free shipping" win. */
const WHEEL_POPUP = {
  title: "Spin to win",
  subtitle: "Subscribe and spin for [OFFER] or more.",
  offerKind: "fixed-amount",
  discountAmount: 5,
  wheel: {
    slices: [
      slice("10% off", "#f59e0b", 0, { kind: "percentage", percentage: 10, code: "SPIN10" }),
      slice("No luck", "#6b7280", 0, null),
      slice("Free shipping", "#10b981", 1, { kind: "free-shipping", code: "SPINSHIP" }),
      slice("$20 off", "#ef4444", 0, { kind: "fixed-amount", amount: 20, code: "SPIN20" }),
    ],
  },
};

async function wheelStore(popup: Record<string, unknown>): Promise<string> {
  const store = await createStore(api, {
    name: unique("Wheel Shop"),
    shopifyUrl: `https://${unique("wheel-shop")}.example.com`,
    integrationType: "shopify",
  });
  await updatePopup(api, store.id, popup);
  return store.id;
}

test.beforeAll(async () => {
  storeId = await wheelStore(WHEEL_POPUP);
});

async function openDemo(page: Page, store = storeId) {
  const configLoaded = page.waitForResponse(
    (response) => response.url().includes(`/api/public/stores/${store}/popups`) && response.ok(),
  );
  await page.goto(`/demo/${store}`);
  const config = (await (await configLoaded).json()) as { popups: { wheel: unknown }[] };
  return { popup: page.locator("newsletter-popup").getByRole("dialog"), config };
}

test("the wheel lands on the server's prize, and the free-shipping code applies itself by its link", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 1440, height: 900 });
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/js/")) scripts.push(pathname.slice("/js/".length));
  });
  const { popup, config } = await openDemo(page);
  // The storefront sees the slices' labels and colours: no code, no weight, no prize.
  expect(config.popups[0]?.wheel).toEqual({
    slices: [
      { label: "10% off", color: "#f59e0b" },
      { label: "No luck", color: "#6b7280" },
      { label: "Free shipping", color: "#10b981" },
      { label: "$20 off", color: "#ef4444" },
    ],
  });
  expect(JSON.stringify(config)).not.toMatch(/SPIN/);
  await expect(popup).toContainText("Subscribe and spin for $5 off or more.");
  await expect(popup.locator(".wd span")).toHaveText(["10% off", "No luck", "Free shipping", "$20 off"]);
  // The wheel's code comes in its own file, loaded for this popup only (popup/features.ts).
  expect(scripts).toEqual(["newsletter-popup.js", "newsletter-popup-view.js", "newsletter-popup-wheel.js"]);
  await screenshot(page, "prize-wheel-1440", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "prize-wheel-390", { fullPage: false });

  const subscribed = page.waitForResponse((response) => response.url().endsWith("/subscribe"));
  await popup.getByLabel("Email address").fill(`${unique("spinner")}@acme-corp.example`);
  await popup.getByRole("button", { name: "SUBMIT" }).click();
  const answer = await (await subscribed).json();
  expect(answer).toMatchObject({ discountCode: "SPINSHIP", wheel: { slice: 2, won: true } });

  await expect(popup).toContainText("You won: Free shipping");
  await expect(popup).toContainText("Use this code at checkout to get free shipping on your order.");
  await expect(popup.getByLabel("Discount code")).toHaveValue("SPINSHIP");
  // Slice 2 of 4 (its middle at 225°) stands under the pointer after five turns: 1800° − 225°.
  await expect(popup.locator(".wd")).toHaveAttribute("style", /transform:\s*rotate\(1575deg\)/);
  await screenshot(page, "prize-wheel-won-390", { fullPage: false });

  let applied: URL | undefined;
  await page.route("**/discount/**", (route) => {
    applied = new URL(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<title>Cart</title><h1>Code applied</h1>" });
  });
  await popup.getByRole("link", { name: "Apply it to my cart" }).click();
  await expect(page.getByRole("heading", { name: "Code applied" })).toBeVisible();
  expect(applied?.pathname).toBe("/discount/SPINSHIP");
  expect(applied?.searchParams.get("redirect")).toBe(`/demo/${storeId}`);
});

test("the builder's offer card picks the offer and shows each slice's chance", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${storeId}/popup-builder`);
  // The preview is given every feature file's module (popup/builder-features.ts): the wheel shows.
  await expect(page.getByTestId("popup-preview").locator(".wd span")).toHaveCount(4);
  const card = cardWithHeading(page, "Discount");
  await expect(card.getByLabel("Offer", { exact: true })).toHaveValue("fixed-amount");
  await expect(card.getByLabel("Amount off").first()).toHaveValue("5");
  await expect(card).toContainText("Slice 3 · 100% chance");
  await card.getByLabel("Weight").first().fill("3");
  await expect(card).toContainText("Slice 1 · 75% chance");
  await expect(card).toContainText("Slice 3 · 25% chance");
  await card.getByLabel("Offer", { exact: true }).selectOption("free-shipping");
  await card.getByLabel("Minimum subtotal").fill("40");
  await expect(card).toContainText("Shoppers read: “free shipping on your order of $40 or more”");
  const cardTop = card.getByRole("heading", { name: "Discount", exact: true });
  const showCard = () => cardTop.evaluate((heading) => heading.scrollIntoView({ block: "center" }));
  await showCard();
  await screenshot(page, "offer-card-1440", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await showCard();
  await screenshot(page, "offer-card-390", { fullPage: false });
});

test("the builder names the slice whose code Shopify lacks, and shows who won each slice beside its chance", async ({
  page,
}) => {
  // What the Shopify check (validateDiscountCode) records for a wheel whose "$20 off" code the shop lacks.
  await withClient(MAIN, (client) =>
    client.query("UPDATE popup_configs SET wheel_codes_not_in_shopify = '{SPIN20}' WHERE store_id = $1", [
      storeId,
    ]),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${storeId}/popup-builder`);
  const card = cardWithHeading(page, "Discount");
  const missing = card.getByText("Slice 4 “$20 off”: SPIN20 does not exist in your Shopify store");
  await expect(missing).toBeVisible();
  await expect(card.getByText(/does not exist in your Shopify store/)).toHaveCount(1);

  // The first test's subscriber drew "Free shipping".
  const results = page.getByRole("region", { name: "Prize wheel results" });
  await expect(results.locator("dt")).toHaveText([
    "Slice 1 · 10% off",
    "Slice 2 · No luck (no prize)",
    "Slice 3 · Free shipping",
    "Slice 4 · $20 off",
  ]);
  await expect(results.locator("dd").nth(2)).toHaveText(/^\d+(\.\d)?% chance · won by 1 \(100\.0%\)$/);
  await expect(results.locator("dd").nth(0)).toHaveText(/^\d+(\.\d)?% chance · won by 0 \(0\.0%\)$/);
  await expect(results).toContainText("1 spin in the period, 0 without a prize.");
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await missing.scrollIntoViewIfNeeded();
    await screenshot(page, `wheel-code-missing-${width}`, { fullPage: false });
    await results.scrollIntoViewIfNeeded();
    await screenshot(page, `wheel-results-${width}`, { fullPage: false });
  }
});

test("behind an opener the wheel's file comes with the yes, and the wheel shows on the form", async ({
  page,
}) => {
  // A store of its own: its first config already has the opener (a cached one would not).
  const store = await wheelStore({
    ...WHEEL_POPUP,
    steps: { opener: { enabled: true, question: "Feeling lucky?" } },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  const scripts: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/js/")) scripts.push(pathname.slice("/js/".length));
  });
  const { popup } = await openDemo(page, store);
  await expect(popup.getByRole("heading", { name: "Feeling lucky?" })).toBeVisible();
  // Before the shopper acts, a page view loads the script, the view and the opener's file (docs/decisions/199).
  expect(scripts).toEqual(["newsletter-popup.js", "newsletter-popup-view.js", "newsletter-popup-steps.js"]);
  await popup.getByRole("button", { name: "Yes, please" }).click();
  await expect(popup.locator(".wd span")).toHaveText(["10% off", "No luck", "Free shipping", "$20 off"]);
  await expect(popup.getByLabel("Email address")).toBeFocused();
  expect(scripts.slice(3).sort()).toEqual(["newsletter-popup-success.js", "newsletter-popup-wheel.js"]);
  await screenshot(page, "prize-wheel-after-opener-1440", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "prize-wheel-after-opener-390", { fullPage: false });
});
