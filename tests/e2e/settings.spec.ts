import type { Page } from "@playwright/test";
import { type AppApi, apiAs, createStore, type Store, unique, updatePopup } from "./support/api";
import { login } from "./support/auth";
import { cardWithHeading, expect, test, toast } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

/** Settings for one store: each card's inline edits (Edit, Save, Cancel) and their toasts. */
let api: AppApi;

test.beforeAll(async () => {
  api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
});
test.afterAll(() => api.dispose());

async function openSettings(page: Page, store: Store) {
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/settings`);
  await expect(page.getByRole("heading", { name: "General settings" })).toBeVisible();
}

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });

test("general settings: rename (after a cancelled edit) and set a custom domain", async ({
  page,
  browserErrors,
}) => {
  const store = await createStore(api, {
    name: unique("Settings Store"),
    shopifyUrl: "https://settings.example.com",
  });
  await openSettings(page, store);
  await screenshot(page, "settings");

  await page.getByRole("button", { name: "Edit Store name" }).click();
  await field(page, "Store name").fill("Never saved");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(field(page, "Store name")).toHaveValue(store.name);

  const renamed = unique("Renamed Store");
  await page.getByRole("button", { name: "Edit Store name" }).click();
  await field(page, "Store name").fill(renamed);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Store name updated");
  await expect(field(page, "Store name")).toHaveValue(renamed);
  await expect(field(page, "Store name")).toHaveAttribute("readonly", "");

  await page.getByRole("button", { name: "Edit Custom domain" }).click();
  await field(page, "Custom domain").fill("shop.settings.example/");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Custom domain updated");
  await expect(field(page, "Custom domain")).toHaveValue("https://shop.settings.example");

  browserErrors.allow(/status of 422/);
  await page.getByRole("button", { name: "Edit Site URL" }).click();
  await field(page, "Site URL").fill("not a url");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toContainText("Error: Enter a full site URL");
  await screenshot(page, "settings-site-url-error");
});

test("Shopify card: collapses, edits the store URL, offers Connect with Shopify instead of a token", async ({
  page,
}) => {
  const store = await createStore(api, {
    name: unique("Shopify Settings"),
    shopifyUrl: "https://placeholder.myshopify.com",
    integrationType: "shopify",
  });
  await openSettings(page, store);
  const card = cardWithHeading(page, "Shopify store configuration");
  await expect(card.getByText("Not Connected")).toBeVisible();
  await card.getByRole("button", { name: "Hide" }).click();
  await expect(card.getByRole("button", { name: "Connect with Shopify" })).toBeHidden();
  await card.getByRole("button", { name: "Show" }).click();

  await card.getByRole("button", { name: "Edit Store URL" }).click();
  await field(page, "Store URL").fill("https://acme-test.myshopify.com");
  await card.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Store URL updated");

  // Shopify no longer issues custom app tokens: a store without one has no token field nor its check.
  await expect(field(page, "Access token")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Verify connection" })).toHaveCount(0);
  // Shopify asks which shop: the card says how the link is made and asks for no shop domain.
  await expect(card.getByText(/choose your shop there and install the app/)).toBeVisible();
  await expect(field(page, "Shop domain")).toHaveCount(0);

  // Who welcomes subscribers added to Shopify: the app by default, and each choice says what follows.
  const appSends = card.getByRole("radio", { name: "Newsletter Popup sends its welcome email" });
  await expect(appSends).toBeChecked();
  await expect(card.getByText(/or they get two welcome emails/)).toBeVisible();
  await card.getByText("Shopify's marketing automation welcomes them").click();
  await expect(toast(page)).toContainText("Newsletter Popup sends them none");
  await expect(
    card.getByRole("radio", { name: "Shopify's marketing automation welcomes them" }),
  ).toBeChecked();
  await page.reload();
  await expect(
    cardWithHeading(page, "Shopify store configuration").getByRole("radio", {
      name: "Shopify's marketing automation welcomes them",
    }),
  ).toBeChecked();
  await screenshot(page, "settings-shopify-connect");
});

test("currency: a standalone store picks it, and the popup's amount-off offer is in it", async ({ page }) => {
  const store = await createStore(api, {
    name: unique("Currency Store"),
    shopifyUrl: "https://currency.example.com",
  });
  await updatePopup(api, store.id, { offerKind: "fixed-amount", discountAmount: 10 });
  await openSettings(page, store);
  const currency = cardWithHeading(page, "General settings").getByLabel("Currency");
  await expect(currency).toHaveValue("USD");
  await currency.selectOption("EUR");
  await expect(toast(page)).toHaveText("Success: Currency updated");
  const popup = await page.request.get(`${MAIN.baseURL}/api/public/stores/${store.id}/popup`);
  expect((await popup.json()).offer).toMatchObject({ text: "€10 off" });
  await page.reload();
  await expect(cardWithHeading(page, "General settings").getByLabel("Currency")).toHaveValue("EUR");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await currency.scrollIntoViewIfNeeded();
    await screenshot(page, `settings-currency-${width}`, { fullPage: false });
  }

  // A Shopify store's is its shop's: shown, not picked.
  const shopStore = await createStore(api, {
    name: unique("Shop Currency"),
    shopifyUrl: `https://${unique("shop-currency")}.myshopify.com`,
    integrationType: "shopify",
  });
  await page.goto(`/store/${shopStore.id}/settings`);
  const shopCurrency = cardWithHeading(page, "General settings").getByRole("textbox", { name: "Currency" });
  await expect(shopCurrency).toHaveValue("USD");
  await expect(shopCurrency).toHaveAttribute("readonly", "");
});

test("notification settings and social links save with a toast", async ({ page }) => {
  const store = await createStore(api, {
    name: unique("Social Store"),
    shopifyUrl: "https://social.example.com",
  });
  await openSettings(page, store);

  await page.getByLabel("Daily subscriber summary").check();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(toast(page)).toHaveText("Success: Notification settings saved");

  const instagram = page.getByLabel("Instagram");
  await instagram.fill("instagram dot com");
  await expect(page.getByText("Enter a full URL starting with https://")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save social links" })).toBeDisabled();
  await instagram.fill("https://instagram.com/social-store");
  await page.getByRole("button", { name: "Save social links" }).click();
  await expect(toast(page)).toHaveText("Success: Social media links updated successfully");
  const popup = await page.request.get(`${MAIN.baseURL}/api/public/stores/${store.id}/popup`);
  expect((await popup.json()).socialLinks).toEqual({ instagram: "https://instagram.com/social-store" });
  await screenshot(page, "settings-social-links");
});
