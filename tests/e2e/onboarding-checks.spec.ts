import type { Locator, Page } from "@playwright/test";
import { type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { chooseShopify } from "./support/onboarding";
import { screenshot } from "./support/screenshot";
import { newOrganization, withApi } from "./support/spec-setup";

/**
 * Adding a store lets no mistake through: a site address that is no URL, a second store for a shop the
 * organization already has, a Shopify token for a site that is not a Shopify store, a refused token. Each
 * refusal is said on its field. Each test has an organization of its own.
 */

/** A Polaris text field's error message, tied to the input by aria-describedby. */
async function fieldError(page: Page, field: Locator): Promise<string> {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(" ");
}

test("step 1 refuses a site address that is no URL, on the Site URL field", async ({ page }) => {
  const owner = await newOrganization("BadUrl");
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel("Site Name").fill(unique("Bad Url Site"));
  const siteUrl = page.getByLabel("Site URL");

  for (const typed of ["not a url", "notaurl"]) {
    await siteUrl.fill(typed);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await expect(toast(page)).toHaveText("Error: Enter a full site URL, e.g. https://example.com");
    expect(await fieldError(page, siteUrl)).toContain("Enter a full site URL, e.g. https://example.com");
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, "onboarding-bad-url");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await fieldError(page, siteUrl)).toContain("Enter a full site URL");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "onboarding-bad-url-390");

  // Typing clears the message; a real address goes on.
  await siteUrl.fill("www.example.com");
  await expect(siteUrl).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  // A typical site is not asked for a Shopify token.
  await expect(page.getByLabel("Shopify Access Token (optional)")).toHaveCount(0);
  await expect(page.getByText("Create the integration to get the script for your site.")).toBeVisible();
});

test("a second store for the same myshopify.com shop is refused, at step 1 and by the server", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 409 .*\/api\/stores/);
  const owner = await newOrganization("DupShop");
  const shop = unique("dup-shop").toLowerCase();
  const first = await withApi(owner, (api) =>
    api.post<Store>("/api/stores", {
      name: "First Shop",
      integrationType: "shopify",
      shopifyUrl: `https://${shop}.myshopify.com`,
      shopifyStoreName: shop,
    }),
  );
  const message = `${shop}.myshopify.com is already added as the store "First Shop"`;

  // The API refuses it, with the message on the store-name field.
  await withApi(owner, async (client) => {
    await expect(
      client.post("/api/stores", {
        name: "Second Shop",
        integrationType: "shopify",
        shopifyUrl: `https://${shop.toUpperCase()}.myshopify.com`,
        shopifyStoreName: shop,
      }),
    ).rejects.toThrow(/answered 409: .*"shopifyStoreName":\[".*already added as the store/);
  });

  // The wizard refuses it at step 1, on the store-name field.
  await login(page, owner.email, owner.password, "/onboarding");
  await chooseShopify(page);
  await page.getByLabel("Site Name").fill("Second Shop");
  const storeName = page.getByLabel("Store name", { exact: true });
  await storeName.fill(shop);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(toast(page)).toHaveText(`Error: ${message}`);
  expect(await fieldError(page, storeName)).toContain(message);
  await screenshot(page, "onboarding-duplicate-shop");

  // A shop added meanwhile (another tab): the server refuses it and the wizard goes back to the field.
  const later = unique("later-shop").toLowerCase();
  await storeName.fill(later);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Step 2 of 4")).toBeVisible();
  await withApi(owner, (client) =>
    client.post("/api/stores", {
      name: "Other Tab Shop",
      integrationType: "shopify",
      shopifyUrl: `https://${later}.myshopify.com`,
      shopifyStoreName: later,
    }),
  );
  await page.getByRole("button", { name: "Create Integration" }).click();
  const laterMessage = `${later}.myshopify.com is already added as the store "Other Tab Shop"`;
  await expect(toast(page)).toHaveText(`Error: ${laterMessage}`);
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  expect(await fieldError(page, storeName)).toContain(laterMessage);

  const stores = await withApi(owner, (client) => client.get<Store[]>("/api/stores"));
  expect(stores.map((store) => store.name).sort()).toEqual(["First Shop", "Other Tab Shop"]);
  expect(stores.find((store) => store.name === "First Shop")?.id).toBe(first.id);
});

test("the Add New Store modal asks for no Shopify token", async ({ page }) => {
  const owner = await newOrganization("ModalTypical");
  await withApi(owner, (api) =>
    api.post<Store>("/api/stores", { name: "Existing", shopifyUrl: "https://existing.example.com" }),
  );
  await login(page, owner.email, owner.password, "/stores");
  await page.getByRole("button", { name: "Quick add" }).click();
  const modal = page.getByRole("dialog", { name: "Add New Store" });
  await modal.getByLabel("Site Name").fill(unique("Modal Typical"));
  await modal.getByLabel("Site URL").fill("modal-typical.example.com");
  await modal.getByRole("button", { name: "Next Step" }).click();
  await expect(modal.getByText("Create the store to get the script for your site.")).toBeVisible();
  await expect(modal.getByLabel("Shopify Access Token (optional)")).toHaveCount(0);
  await screenshot(page, "stores-add-modal-typical-step2", { fullPage: false });

  // Nor a Shopify store: Shopify no longer issues custom app tokens; it connects with Shopify once created.
  await modal.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Quick add" }).click();
  await modal.getByRole("button", { name: /^Shopify/ }).click();
  await modal.getByLabel("Site Name").fill(unique("Modal Shopify"));
  await modal.getByLabel("Store name", { exact: true }).fill(unique("modal-shop").toLowerCase());
  await modal.getByRole("button", { name: "Next Step" }).click();
  await expect(modal.getByText(/^Create the store, then connect it with Shopify/)).toBeVisible();
  await expect(modal.getByLabel("Shopify Access Token (optional)")).toHaveCount(0);
  await screenshot(page, "stores-add-modal-shopify-step2", { fullPage: false });
});

test("Quick add and Settings refuse a shop another store has, on the field, before anything is saved", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 409 .*\/api\/stores/);
  const owner = await newOrganization("DupSettings");
  const shop = unique("taken-shop").toLowerCase();
  const [, second] = await withApi(owner, async (api) => [
    await api.post<Store>("/api/stores", {
      name: "Taken Shop",
      integrationType: "shopify",
      shopifyUrl: `https://${shop}.myshopify.com`,
    }),
    await api.post<Store>("/api/stores", {
      name: "Moving Shop",
      integrationType: "shopify",
      shopifyUrl: `https://${unique("moving-shop").toLowerCase()}.myshopify.com`,
    }),
  ]);
  if (!second) throw new Error("the second store was not created");
  const message = `${shop}.myshopify.com is already added as the store "Taken Shop"`;
  await login(page, owner.email, owner.password);

  // Quick add knows the organization's shops: refused at step 1 without asking the server.
  await page.goto("/stores");
  await page.getByRole("button", { name: "Quick add" }).click();
  const modal = page.getByRole("dialog", { name: "Add New Store" });
  await modal.getByRole("button", { name: /^Shopify/ }).click();
  await modal.getByLabel("Site Name").fill("Duplicate");
  const storeName = modal.getByLabel("Store name", { exact: true });
  await storeName.fill(shop);
  await modal.getByRole("button", { name: "Next Step" }).click();
  expect(await fieldError(page, storeName)).toContain(message);
  await modal.getByRole("button", { name: "Cancel" }).click();

  // Settings: moving another store onto that shop is refused on the Store URL field, and nothing changes.
  await page.goto(`/store/${second.id}/settings`);
  await page.getByRole("button", { name: "Edit Store URL" }).click();
  const storeUrl = page.getByLabel("Store URL");
  await storeUrl.fill(`https://${shop}.myshopify.com`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText(`Error: ${message}`);
  expect(await fieldError(page, storeUrl)).toContain(message);
  await screenshot(page, "settings-duplicate-shop");
  const stores = await withApi(owner, (api) => api.get<Store[]>("/api/stores"));
  expect(stores.find((store) => store.id === second.id)?.shopifyUrl).toBe(second.shopifyUrl);
});

test("step 1 asks who buys from the site: consumers, whatever the site, until the merchant picks businesses", async ({
  page,
}) => {
  const owner = await newOrganization("Audience");
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  const consumers = page.getByRole("radio", { name: "Consumers" });
  const businesses = page.getByRole("radio", { name: "Businesses" });
  await expect(consumers).toBeChecked();
  await chooseShopify(page);
  await expect(consumers).toBeChecked();
  await expect(
    page.getByText("The popup accepts every email address, Gmail and Outlook included"),
  ).toBeVisible();
  for (const [width, height, shot] of [
    [1440, 900, "onboarding-audience"],
    [390, 844, "onboarding-audience-390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await screenshot(page, shot);
  }
  await page.getByText("Businesses", { exact: true }).click();
  await expect(businesses).toBeChecked();
  await expect(consumers).not.toBeChecked();
});
