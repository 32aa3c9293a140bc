import type { Page } from "@playwright/test";
import { FAKE_SHOP } from "../../mocks/shopify";
import { type AppApi, apiAs, createStore, type Store, unique } from "./support/api";
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
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/store/${store.id}/settings`);
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

test("Shopify card: collapses, connects with a pasted token, verifies the saved connection", async ({
  page,
  browserErrors,
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
  await expect(field(page, "Access token")).toBeHidden();
  await card.getByRole("button", { name: "Show" }).click();

  await card.getByRole("button", { name: "Edit Store URL" }).click();
  await field(page, "Store URL").fill("https://acme-test.myshopify.com");
  await card.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Store URL updated");

  await card.getByRole("button", { name: "Edit Access token" }).click();
  const save = card.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeDisabled();
  // Non-ASCII characters are stripped as they are typed: the field stays empty, Save stays disabled.
  await field(page, "Access token").fill("ééé");
  await expect(field(page, "Access token")).toHaveValue("");
  await expect(save).toBeDisabled();
  browserErrors.allow(/status of 401|status of 422/);
  await field(page, "Access token").fill("shpat_wrong");
  await save.click();
  await expect(toast(page)).toContainText("Error:");
  await field(page, "Access token").fill(`${FAKE_SHOP.accessToken}é`);
  await expect(field(page, "Access token")).toHaveValue(FAKE_SHOP.accessToken);
  await save.click();
  await expect(toast(page)).toHaveText("Success: Access token updated");
  await expect(card.getByText("Connected", { exact: true })).toBeVisible();
  await expect(field(page, "Access token")).toHaveValue(/^shpa•+cdef$/);

  await card.getByRole("button", { name: "Verify connection" }).click();
  await expect(toast(page)).toContainText("Success: Connected to Acme Test Store");
  await screenshot(page, "settings-shopify-connected");
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
