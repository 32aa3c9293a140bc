import type { Page } from "@playwright/test";
import { createStore, unique } from "./support/api";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { adminApiForFile } from "./support/spec-setup";

/**
 * The storefront script on a Shopify storefront asks the Customer Privacy API (shopify.dev) before it keeps
 * visitor markers or counts an impression; the demo page (/demo/{storeId}) plays the storefront, with the
 * API stubbed as the theme would have it loaded.
 */

const api = adminApiForFile();

/**
 * Runs in the page before its scripts: Shopify's API, answering with window.analyticsConsent and
 * window.preferencesConsent (the banner's two purposes the script asks about).
 */
function stubCustomerPrivacy(allowed: boolean) {
  const storefront = window as Window & { analyticsConsent?: boolean; preferencesConsent?: boolean };
  storefront.analyticsConsent = allowed;
  storefront.preferencesConsent = allowed;
  Object.assign(window, {
    Shopify: {
      customerPrivacy: {
        analyticsProcessingAllowed: () => storefront.analyticsConsent === true,
        preferencesProcessingAllowed: () => storefront.preferencesConsent === true,
      },
    },
  });
}

/** The script's own entries in the page's storage (np:…): the visitor markers. */
const storedMarkers = (page: Page) =>
  page.evaluate(() =>
    [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) => key.startsWith("np:")),
  );

/** Opens the storefront with the API stubbed and records the impression beacons the script sends. */
async function openStorefront(page: Page, analyticsAllowed: boolean) {
  const store = await createStore(api, {
    name: unique("Consent Shop"),
    shopifyUrl: "https://consent-shop.example.com",
  });
  await page.addInitScript(stubCustomerPrivacy, analyticsAllowed);
  const beacons: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(`/api/public/stores/${store.id}/impressions`)) beacons.push(request.url());
  });
  await page.goto(`/demo/${store.id}`);
  await expect(page.locator("newsletter-popup").getByRole("dialog")).toBeVisible();
  return { store, beacons };
}

test("without analytics consent nothing is stored and no impression is counted, until the visitor allows it", async ({
  page,
}) => {
  const { store, beacons } = await openStorefront(page, false);
  expect(await storedMarkers(page)).toEqual([]);
  expect(beacons).toEqual([]);
  await screenshot(page, "storefront-consent-refused", { fullPage: false });

  // The visitor accepts the shop's cookie banner: the API answers yes and announces it.
  await page.evaluate(() => {
    Object.assign(window, { analyticsConsent: true, preferencesConsent: true });
    document.dispatchEvent(
      new CustomEvent("visitorConsentCollected", { detail: { analyticsAllowed: true } }),
    );
  });
  await expect.poll(() => beacons.length).toBe(1);
  // The new-visitor marker, this session's kind and source, the variant shown.
  expect(await storedMarkers(page)).toEqual(
    expect.arrayContaining([
      `np:${store.id}:first`,
      `np:${store.id}:source`,
      `np:${store.id}:visitor`,
      expect.stringMatching(`^np:${store.id}:variant:`),
    ]),
  );
});

test("with analytics consent the markers are stored and the impression counted at once", async ({ page }) => {
  const { store, beacons } = await openStorefront(page, true);
  await expect.poll(() => beacons.length).toBe(1);
  expect(await storedMarkers(page)).toEqual(
    expect.arrayContaining([`np:${store.id}:first`, `np:${store.id}:visitor`]),
  );
});

test("a subscription needs no analytics consent: it is the visitor's own consent; no marker keeps it", async ({
  page,
}) => {
  const { beacons } = await openStorefront(page, false);
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await popup.getByLabel("Email address").fill(`${unique("no-analytics")}@consent-buyers.example`);
  await popup.getByRole("button", { name: "SUBMIT" }).click();
  await expect(popup.getByRole("heading", { name: "Thank you for subscribing!" })).toBeVisible();
  expect(beacons).toEqual([]);
  // The subscribed marker is the visitor's preference: without that consent it is not stored.
  expect(await storedMarkers(page)).toEqual([]);
});

test("a dismissal without preferences consent stores no marker: the next page view shows the popup again", async ({
  page,
}) => {
  const { store } = await openStorefront(page, false);
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await popup.getByRole("button", { name: "Close" }).click();
  await expect(page.locator("newsletter-popup")).toHaveCount(0);
  expect(await storedMarkers(page)).toEqual([]);
  await page.goto(`/demo/${store.id}`);
  await expect(popup).toBeVisible();
});

test("the consent sentence and the shop's privacy policy link show before the visitor submits", async ({
  page,
}) => {
  const store = await createStore(api, {
    name: unique("Policy Shop"),
    shopifyUrl: "https://policy-shop.example.com",
  });
  await api.put(`/api/stores/${store.id}`, {
    privacyPolicyUrl: "https://policy-shop.example.com/pages/privacy",
  });
  for (const [label, viewport] of [
    ["1440", { width: 1440, height: 900 }],
    ["390", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/demo/${store.id}`);
    const popup = page.locator("newsletter-popup").getByRole("dialog");
    await expect(
      popup.getByText(
        `By signing up you agree to receive marketing emails from ${store.name}. You can unsubscribe at any time.`,
      ),
    ).toBeVisible();
    const link = popup.getByRole("link", { name: "Privacy policy" });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", "https://policy-shop.example.com/pages/privacy");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(popup.getByRole("button", { name: "SUBMIT" })).toBeVisible();
    await screenshot(page, `storefront-consent-sentence-${label}`, { fullPage: false });
  }
});
