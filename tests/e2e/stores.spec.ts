import type { Locator, Page } from "@playwright/test";
import { TEST_SHOPIFY_APP } from "../support/builders/shopify-session-token";
import {
  createStore,
  ensureStore,
  recordViews,
  type Store,
  subscribe,
  unique,
  updatePopup,
} from "./support/api";
import { login, openUserMenu } from "./support/auth";
import { cardWithHeading, expect, sidebarItems, test, toast } from "./support/fixtures";
import { linkIn, newestMail } from "./support/mail";
import { createMember, markCouponUsed, recordAttributedOrder, recordImport } from "./support/members";
import { chooseShopify } from "./support/onboarding";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { newOrganization, withApi } from "./support/spec-setup";

/**
 * Stores, onboarding, the dashboard's figures, store routing and member management. Tests that count
 * or list things use an organization of their own (no other spec adds stores or members to it);
 * the others add uniquely named stores to the admin's organization.
 */

/** The wizard's or the modal's install script, and the store id inside it. */
async function installScript(page: Page): Promise<{ script: string; storeId: string }> {
  const field = page.getByLabel("Install script");
  await expect(field).toHaveValue(/data-store-id="[0-9a-f-]{36}"/);
  const script = await field.inputValue();
  const storeId = /data-store-id="([0-9a-f-]{36})"/.exec(script)?.[1];
  if (!storeId) throw new Error(`no store id in ${script}`);
  return { script, storeId };
}

function storeCard(page: Page, name: string): Locator {
  return cardWithHeading(page, name);
}

/** The sidebar store selector's option for a store (the builder's own store picker has options too). */
function selectorOption(page: Page, name: string): Locator {
  return page.getByRole("listbox", { name: "Store" }).getByRole("option", { name, exact: true });
}

/** The date a store card shows for something created today (en-US, UTC). */
function today(): string {
  return new Date().toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

test.describe("onboarding", () => {
  test("a typical site: required fields, Back, 'Creating...', the install script, Copy, the welcome step and its dashboard", async ({
    page,
    context,
  }) => {
    const owner = await newOrganization("Typical");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: MAIN.baseURL });
    await login(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    for (const label of [
      "1. Add Your Site",
      "2. Integrate Newsletter",
      "3. Install Script",
      "4. Verify Installation",
    ])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Typical Site/ })).toHaveAttribute("aria-pressed", "true");
    await expect(
      page.getByText("Enter the full site URL, e.g. https://www.example.com", { exact: true }),
    ).toBeVisible();

    // Step 1 with nothing filled in.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(toast(page)).toHaveText("Error: Please fill in all required fields");
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await screenshot(page, "onboarding-required-fields");

    const siteName = unique("Typical Site");
    await page.getByLabel("Site Name").fill(siteName);
    await page.getByLabel("Site URL").fill("https://typical-site.example.com");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 2 of 4")).toBeVisible();

    // Back to step 1 keeps what was typed.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByText("Step 1 of 4")).toBeVisible();
    await expect(page.getByLabel("Site Name")).toHaveValue(siteName);
    await page.getByRole("button", { name: "Next" }).click();

    // Hold the creation back a moment so the pending state can be seen.
    await page.route("**/api/stores", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.getByRole("button", { name: "Create Integration" }).click();
    await expect(page.getByRole("button", { name: "Creating..." })).toBeVisible();
    await expect(toast(page)).toHaveText("Success: Store added successfully");
    await expect(page.getByText("Step 3 of 4")).toBeVisible();
    await page.unroute("**/api/stores");

    const { script, storeId } = await installScript(page);
    expect(script).toBe(
      `<script async src="${MAIN.baseURL}/js/newsletter-popup.js" data-store-id="${storeId}" data-popup-config="auto" data-integration-type="website"></script>`,
    );
    await expect(page.getByText("Add it to your site")).toBeVisible();

    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Copied", exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(script);
    await screenshot(page, "onboarding-install-script");
    // The copied state resets after 2 seconds.
    await expect(page.getByRole("button", { name: "Copy", exact: true })).toBeVisible({ timeout: 4_000 });

    // Back from step 3 shows the created store; it is not created twice.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByText("Step 2 of 4")).toBeVisible();
    await expect(page.getByText("Your store is created. Continue to install the script.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Integration" })).toHaveCount(0);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 3 of 4")).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();

    await expect(page.getByText("Step 4 of 4")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome aboard!" })).toBeVisible();
    await expect(
      page.getByText("Your site should now prompt visitors to subscribe to your newsletter."),
    ).toBeVisible();
    await screenshot(page, "onboarding-verify");

    await page.getByRole("button", { name: "Continue To Dashboard" }).click();
    await expect(page).toHaveURL(`/store/${storeId}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.locator("nav.Polaris-Navigation").getByPlaceholder(siteName)).toBeVisible();
    expect(await withApi(owner, (api) => api.get<Store[]>("/api/stores"))).toHaveLength(1);
  });

  test("a Shopify store by store name and by custom domain; switching the mode clears the other field", async ({
    page,
  }) => {
    const owner = await newOrganization("Shopify");
    await login(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/onboarding$/);

    await page.getByRole("button", { name: /^Shopify/ }).click();
    await expect(page.getByRole("button", { name: /^Shopify/ })).toHaveAttribute("aria-pressed", "true");
    const storeName = page.getByLabel("Store name", { exact: true });
    const customDomain = page.getByLabel("Custom Domain", { exact: true });
    const domainMode = page.getByRole("button", { name: "myshopify.com" });
    const customMode = page.getByRole("button", { name: "Custom Domain" });
    await expect(domainMode).toHaveAttribute("aria-pressed", "true");

    // The store name keeps letters, digits and hyphens only.
    await storeName.pressSequentially("My Shop!!");
    await expect(storeName).toHaveValue("MyShop");
    await expect(page.getByText(".myshopify.com", { exact: true })).toBeVisible();
    await screenshot(page, "onboarding-shopify-store-name");

    await customMode.click();
    await expect(customMode).toHaveAttribute("aria-pressed", "true");
    await expect(customDomain).toHaveValue("");
    await customDomain.fill("shop.example.com/");
    await domainMode.click();
    await expect(storeName).toHaveValue("");
    await customMode.click();
    await expect(customDomain).toHaveValue("");

    // Store-name mode: https://myshop.myshopify.com.
    await domainMode.click();
    const byName = unique("Shopify By Name");
    await page.getByLabel("Site Name").fill(byName);
    await storeName.pressSequentially("My Shop!!");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText(/^Create the store, then connect it with Shopify/)).toBeVisible();
    await page.getByRole("button", { name: "Create Integration" }).click();
    await expect(toast(page)).toHaveText("Success: Store added successfully");
    // A Shopify store turns on the theme app embed (a deep link to the theme editor): no theme code to edit.
    await expect(page.getByText("3. Turn on the app embed")).toBeVisible();
    await expect(page.getByRole("link", { name: "Turn on the app embed" })).toHaveAttribute(
      "href",
      `https://myshop.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=${TEST_SHOPIFY_APP.apiKey}/app-embed`,
    );
    await expect(page.getByLabel("Install script")).toHaveCount(0);
    await expect(page.getByText(/theme\.liquid|Edit Code/)).toHaveCount(0);
    await screenshot(page, "onboarding-shopify-app-embed");

    // Custom Domain mode: "shop.example.com/" becomes https://shop.example.com.
    await page.goto("/onboarding");
    await chooseShopify(page);
    await customMode.click();
    const byDomain = unique("Shopify By Domain");
    await page.getByLabel("Site Name").fill(byDomain);
    await customDomain.fill("shop.example.com/");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Create Integration" }).click();
    await expect(toast(page)).toHaveText("Success: Store added successfully");
    // Without a myshopify.com name there is no theme editor to link to yet.
    await expect(page.getByText("Add your shop's myshopify.com store name in Settings")).toBeVisible();

    const stores = await withApi(owner, (api) =>
      api.get<(Store & { shopifyStoreName: string | null })[]>("/api/stores"),
    );
    const first = stores.find((store) => store.name === byName);
    const second = stores.find((store) => store.name === byDomain);
    if (!second) throw new Error(`${byDomain} was not created`);
    expect(first).toMatchObject({
      name: byName,
      shopifyUrl: "https://myshop.myshopify.com",
      shopifyStoreName: "myshop",
      customDomain: null,
    });
    expect(second).toMatchObject({
      name: byDomain,
      shopifyUrl: "https://shop.example.com",
      customDomain: "https://shop.example.com",
    });

    // With stores, the wizard's header offers the existing ones.
    await page.goto("/onboarding");
    await page.getByLabel("Go to an existing store").selectOption({ label: byDomain });
    await expect(page).toHaveURL(`/store/${second.id}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("a member who may not add stores is told so on /onboarding, and offered the stores that exist", async ({
    page,
  }) => {
    const owner = await newOrganization("Norights");
    const [first, second] = await withApi(owner, async (api) => [
      await createStore(api, { name: "First Member Shop", shopifyUrl: "https://first-member.example.com" }),
      await createStore(api, { name: "Second Member Shop", shopifyUrl: "https://second-member.example.com" }),
    ]);
    if (!first || !second) throw new Error("stores were not created");
    const member = { email: `${unique("no-store-rights")}@e2e.test`, password: "member-password-1" };
    await createMember(MAIN, {
      ...member,
      permissions: { view_subscribers: true },
      organizationOf: owner.email,
    });

    await login(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/onboarding");
    await expect(page.getByRole("heading", { level: 1, name: "Add Your Site" })).toBeVisible();
    await expect(page.getByText("You don't have permission to add stores.")).toBeVisible();
    await expect(page.getByText("No stores yet")).toHaveCount(0);
    await expect(page.getByLabel("Site Name")).toHaveCount(0);
    const card = cardWithHeading(page, "You don't have permission to add stores.");
    await expect(card.getByRole("link", { name: "First Member Shop" })).toBeVisible();
    await expect(card.getByRole("link", { name: "Second Member Shop" })).toBeVisible();
    await screenshot(page, "onboarding-member-with-stores");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "onboarding-member-with-stores-phone");
    await page.setViewportSize({ width: 1440, height: 900 });

    await card.getByRole("link", { name: "Second Member Shop" }).click();
    await expect(page).toHaveURL(`/store/${second.id}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});

test.describe("onboarding a Shopify store", () => {
  test("creates the store Not Connected, then offers Connect with Shopify and the app embed", async ({
    page,
  }) => {
    const owner = await newOrganization("Shopify");
    await login(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole("button", { name: /^Shopify/ }).click();
    const name = unique("Onboarded Shop");
    await page.getByLabel("Site Name").fill(name);
    await page.getByLabel("Store name", { exact: true }).fill("acme-test");
    await page.getByRole("button", { name: "Next" }).click();

    // No custom app token is asked for: Shopify no longer issues new ones.
    await expect(page.getByText(/^Create the store, then connect it with Shopify/)).toBeVisible();
    await expect(page.getByLabel("Shopify Access Token (optional)")).toHaveCount(0);
    await page.getByRole("button", { name: "Create Integration" }).click();
    await expect(toast(page)).toHaveText("Success: Store added successfully");
    await expect(page.getByText("Step 3 of 4")).toBeVisible();
    await expect(page.getByRole("button", { name: "Connect with Shopify" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Turn on the app embed" })).toHaveAttribute(
      "href",
      /^https:\/\/acme-test\.myshopify\.com\/admin\/themes\/current\/editor\?context=apps&activateAppId=/,
    );
    const stores = await withApi(owner, (api) => api.get<Store[]>("/api/stores"));
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({ name, isConnected: false, shopifyAccessToken: null });
  });
});

test.describe("store management", () => {
  test.beforeAll(async () => {
    await ensureStore(MAIN, ADMIN);
  });

  test("cards show the store's figures; Configure and Preview open the builder", async ({ page }) => {
    const store = await withApi(ADMIN, (api) =>
      createStore(api, { name: unique("Card Store"), shopifyUrl: "https://card-store.example.com" }),
    );
    await subscribe(MAIN, store.id, `${unique("card-a")}@acme-corp.example`);
    await subscribe(MAIN, store.id, `${unique("card-b")}@acme-corp.example`);
    await recordViews(MAIN, store.id, 4);

    await login(page, ADMIN.email, ADMIN.password, "/stores");
    await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
    await expect(page.getByText("Manage your sites and Shopify stores")).toBeVisible();
    const card = storeCard(page, store.name);
    await expect(card.getByText("https://card-store.example.com")).toBeVisible();
    await expect(card.getByText("Not Connected")).toBeVisible();
    await expect(card.getByText("Verified", { exact: true })).toHaveCount(0);
    await expect(card.getByText("Subscribers").locator("xpath=..")).toContainText("2");
    await expect(card.getByText("Conversion").locator("xpath=..")).toContainText("50.0%");
    await expect(card.getByText("Created").locator("xpath=..")).toContainText(today());
    await expect(card.getByRole("link", { name: "Configure" })).toHaveAttribute(
      "href",
      `/popup-builder?storeId=${store.id}`,
    );
    await expect(card.getByRole("link", { name: "Preview" })).toHaveAttribute(
      "href",
      `/popup-builder?storeId=${store.id}&preview=true`,
    );
    await expect(card.getByRole("button", { name: "Remove" })).toBeVisible();
    await screenshot(page, "stores-cards");

    await card.getByRole("link", { name: "Configure" }).click();
    await expect(page).toHaveURL(`/popup-builder?storeId=${store.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Popup Builder" })).toBeVisible();
    await expect(page.getByText(`Design the signup popup visitors of ${store.name} see`)).toBeVisible();

    await page.goto("/stores");
    await storeCard(page, store.name).getByRole("link", { name: "Preview" }).click();
    await expect(page).toHaveURL(`/popup-builder?storeId=${store.id}&preview=true`);
    // The full-screen preview is open: the popup as an overlay, modal.
    await expect(page.locator("[data-testid=popup-preview]").getByRole("dialog")).toHaveAttribute(
      "aria-modal",
      "true",
    );
  });

  test("'Quick add' adds a store through the three-step modal, which then closes and resets", async ({
    page,
  }) => {
    await login(page, ADMIN.email, ADMIN.password, "/stores");
    await page.getByRole("button", { name: "Quick add" }).click();
    const modal = page.getByRole("dialog", { name: "Add New Store" });
    await expect(modal).toBeVisible();
    for (const label of ["1. Add Your Site", "2. Integrate Newsletter", "3. Verify Installation"])
      await expect(modal.getByText(label, { exact: true })).toBeVisible();
    await expect(modal.getByRole("checkbox", { name: "My site is not fully HTTPS" })).not.toBeChecked();

    await modal.getByRole("button", { name: "Next Step" }).click();
    await expect(toast(page)).toHaveText("Error: Please fill in all required fields");

    const name = unique("Quick Store");
    await modal.getByLabel("Site Name").fill(name);
    await modal.getByLabel("Site URL").fill("quick-store.example.com/");
    await screenshot(page, "stores-add-modal-step1");
    await modal.getByRole("button", { name: "Next Step" }).click();
    // A typical site has no Shopify token to give (onboarding-checks.spec.ts: a Shopify store has the step).
    await expect(modal.getByText("Create the store to get the script for your site.")).toBeVisible();
    await expect(modal.getByLabel("Shopify Access Token (optional)")).toHaveCount(0);
    await screenshot(page, "stores-add-modal-step2");
    await modal.getByRole("button", { name: "Create Store" }).click();
    await expect(toast(page)).toHaveText("Success: Store added successfully");
    await expect(modal).toBeHidden();
    const card = storeCard(page, name);
    await expect(card.getByText("https://quick-store.example.com", { exact: true })).toBeVisible();

    // Opened again, the modal starts over.
    await page.getByRole("button", { name: "Quick add" }).click();
    await expect(modal.getByLabel("Site Name")).toHaveValue("");
    await expect(modal.getByLabel("Site URL")).toHaveValue("");
    await expect(modal.getByRole("button", { name: "Next Step" })).toBeVisible();
    await modal.getByRole("button", { name: "Cancel" }).click();
    await expect(modal).toBeHidden();

    // Remove asks first.
    await card.getByRole("button", { name: "Remove" }).click();
    const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
    await expect(
      confirm.getByText("Are you sure you want to delete this store? This action cannot be undone."),
    ).toBeVisible();
    await screenshot(page, "stores-remove-confirmation");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toHaveText("Success: Store deleted successfully");
    await expect(storeCard(page, name)).toHaveCount(0);
  });

  test("a member with manage_stores but not delete_data sees no Remove", async ({ page }) => {
    const member = { email: `${unique("store-keeper")}@e2e.test`, password: "keeper-password-1" };
    await createMember(MAIN, { ...member, permissions: { manage_stores: true } });
    await login(page, member.email, member.password);
    await expect(sidebarItems(page)).toHaveText(["Dashboard", "Store Management"]);
    await page.goto("/stores");
    await expect(page.getByRole("link", { name: "Configure" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
    await screenshot(page, "stores-member-without-delete");
  });
});

test.describe("store routing", () => {
  test("the sidebar's store selector filters by name and keeps the section; / and /dashboard follow the selection", async ({
    page,
  }) => {
    const run = unique("route");
    const [alpha, bravo] = await withApi(ADMIN, async (api) => [
      await createStore(api, { name: `Alpha ${run}`, shopifyUrl: "https://alpha.example.com" }),
      await createStore(api, { name: `Bravo ${run}`, shopifyUrl: "https://bravo.example.com" }),
    ]);
    if (!alpha || !bravo) throw new Error("stores were not created");
    await login(page, ADMIN.email, ADMIN.password);
    const selector = page.locator("nav.Polaris-Navigation").getByRole("combobox", { name: "Store" });

    // From a bare section: /popup-builder → /store/{B}/popup-builder.
    await page.goto("/popup-builder");
    await expect(page.getByRole("heading", { level: 1, name: "Popup Builder" })).toBeVisible();
    await selector.click();
    await selector.fill(`Bravo ${run}`);
    await selectorOption(page, bravo.name).click();
    await expect(page).toHaveURL(`/store/${bravo.id}/popup-builder`);
    await expect(page.getByText(`Design the signup popup visitors of ${bravo.name} see`)).toBeVisible();

    // From a store-scoped section: A's subscribers → B's subscribers, filtering by name.
    await page.goto(`/store/${alpha.id}/subscribers`);
    await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
    await expect(selector).toHaveAttribute("placeholder", alpha.name);
    await selector.click();
    await selector.fill(run);
    await expect(selectorOption(page, alpha.name)).toBeVisible();
    await expect(selectorOption(page, bravo.name)).toBeVisible();
    await selector.fill(`bravo ${run}`);
    await expect(selectorOption(page, alpha.name)).toHaveCount(0);
    await screenshot(page, "store-selector-filtered");
    await selectorOption(page, bravo.name).click();
    await expect(page).toHaveURL(`/store/${bravo.id}/subscribers`);
    await expect(selector).toHaveAttribute("placeholder", bravo.name);

    // The sidebar's links follow the selected store.
    const sidebar = page.locator("nav.Polaris-Navigation");
    await expect(sidebar.getByRole("link", { name: "Settings", exact: true })).toHaveAttribute(
      "href",
      `/store/${bravo.id}/settings`,
    );

    await page.goto("/");
    await expect(page).toHaveURL(`/store/${bravo.id}/dashboard`);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(`/store/${bravo.id}/dashboard`);
    await expect(page.getByText(`New subscribers per day, last 30 days — ${bravo.name}`)).toBeVisible();
  });
});

test("the store a screen showed stays selected on /stores and after signing in again", async ({ page }) => {
  const owner = await newOrganization("Remembered");
  const [first, second] = await withApi(owner, async (api) => [
    await createStore(api, { name: "First Shop", shopifyUrl: "https://first.example.com" }),
    await createStore(api, { name: "Second Shop", shopifyUrl: "https://second.example.com" }),
  ]);
  if (!first || !second) throw new Error("stores were not created");
  await login(page, owner.email, owner.password);
  const selector = page.locator("nav.Polaris-Navigation").getByRole("combobox", { name: "Store" });

  // Opened through a screen's own picker, not the sidebar.
  await page.goto(`/store/${first.id}/popup-builder`);
  await page.getByLabel("Store", { exact: true }).last().selectOption({ label: second.name });
  await expect(page).toHaveURL(`/store/${second.id}/popup-builder`);
  await page.getByRole("link", { name: "Store Management" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
  await expect(selector).toHaveAttribute("placeholder", second.name);
  await screenshot(page, "stores-remembered-selection");

  // Through a link (Configure on Store Management is another way in).
  await page.goto(`/store/${first.id}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.goto("/stores");
  await expect(selector).toHaveAttribute("placeholder", first.name);

  // Log out and in: the dashboard is the store last shown.
  await page.goto(`/store/${second.id}/subscribers`);
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await openUserMenu(page, owner.email);
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`/store/${second.id}/dashboard`);
  await expect(selector).toHaveAttribute("placeholder", second.name);
});

test("the dashboard's figures match the organization's subscribers, views and coupons; an import stays apart", async ({
  page,
}) => {
  const owner = await newOrganization("Figures");
  const emails = ["ana", "bob", "cy"].map((name) => `${name}-${unique("fig")}@acme-corp.example`);
  const [north, south, west] = await withApi(owner, async (api) => [
    await createStore(api, { name: "North Shop", shopifyUrl: "https://north.example.com" }),
    await createStore(api, { name: "South Shop", shopifyUrl: "https://south.example.com" }),
    await createStore(api, { name: "West Shop", shopifyUrl: "https://west.example.com" }),
  ]);
  if (!north || !south || !west) throw new Error("stores were not created");
  for (const email of emails) await subscribe(MAIN, north.id, email);
  await subscribe(MAIN, south.id, `dee-${unique("fig")}@acme-corp.example`);
  await recordViews(MAIN, north.id, 5);
  await recordViews(MAIN, south.id, 2);
  // Issue 28's import: 99,980 addresses, which once read as a conversion rate of 1,999,920 %.
  await recordImport(MAIN, north.id, 99_980);
  await markCouponUsed(MAIN, north.id, emails[0] ?? "");
  await recordAttributedOrder(MAIN, north.id, { id: unique("order"), total: "59.99", currency: "USD" });
  await recordAttributedOrder(MAIN, north.id, { id: unique("order"), total: "1240.01", currency: "USD" });
  await recordAttributedOrder(MAIN, south.id, { id: unique("order"), total: "12.50", currency: "EUR" });
  // West's popup is on but its storefront never showed it: not an active store.
  await withApi(owner, (api) => updatePopup(api, west.id, { isActive: true }));

  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(`/store/${north.id}/dashboard`);
  const stat = (label: string) => cardWithHeading(page, label);
  await expect(stat("Active Stores")).toContainText("2");
  await expect(stat("Active Stores")).toContainText("Popup seen on the storefront in the last 30 days");
  await expect(stat("Total Subscribers")).toContainText("99,984");
  // 4 sign-ups through the popup out of 7 views: 57.1 %; the import is no conversion.
  await expect(stat("Conversion Rate")).toContainText("57.1%");
  await expect(stat("Conversion Rate")).toContainText(
    "4 sign-ups through the popup ÷ 7 popup views, last 30 days",
  );
  await expect(stat("Coupons Used")).toContainText("1");
  await expect(page.getByText("99,984 active subscribers across all stores")).toBeVisible();
  await expect(page.getByText("1 discount codes have been used")).toBeVisible();
  await expect(page.getByText("4 subscribers through the popup in the last 30 days")).toBeVisible();
  await expect(
    page.getByText("99,980 subscribers imported in the last 30 days (not counted as conversions)"),
  ).toBeVisible();
  // Revenue adds up per currency, never across currencies.
  const revenue = cardWithHeading(page, "Revenue from popups");
  await expect(revenue).toContainText("$1,300.00");
  await expect(revenue).toContainText("2 orders in USD");
  await expect(revenue).toContainText("€12.50");
  await expect(revenue).toContainText("1 order in EUR");
  // The import is a line of its own, and the axis labels fit: 100K, not "0000".
  const chart = page.getByRole("img", { name: "New subscribers per day for North Shop" });
  await expect(chart.locator(".u-legend")).toContainText("Imported");
  await expect(chart).toHaveAttribute("data-y-labels", /^0( \d+K)+$/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await chart.scrollIntoViewIfNeeded();
  await screenshot(page, "dashboard-figures");
  await page.setViewportSize({ width: 390, height: 844 });
  await chart.scrollIntoViewIfNeeded();
  await screenshot(page, "dashboard-figures-phone");
});

test("the dashboard: says what its cards add up, whole-number chart ticks, a legend with the day's values, placeholders on a store switch", async ({
  page,
}) => {
  const owner = await newOrganization("Dashlabels");
  const [quiet, busy] = await withApi(owner, async (api) => [
    await createStore(api, { name: "Quiet Shop", shopifyUrl: "https://quiet.example.com" }),
    await createStore(api, { name: "Busy Shop", shopifyUrl: "https://busy.example.com" }),
  ]);
  if (!quiet || !busy) throw new Error("stores were not created");
  await page.setViewportSize({ width: 1440, height: 900 });

  // A store exists but nobody subscribed yet: no "Set up your first store".
  await login(page, owner.email, owner.password);
  await expect(page).toHaveURL(`/store/${quiet.id}/dashboard`);
  await expect(page.getByText("No recent activity")).toBeVisible();
  await expect(cardWithHeading(page, "Revenue from popups")).toContainText("No attributed orders yet");
  await expect(page.getByText("Set up your first store")).toHaveCount(0);
  await expect(
    page.getByText("Install the popup on your site (see Integration) to start collecting subscribers"),
  ).toBeVisible();
  // The cards add up every store, and say so; the chart is the selected store's.
  await expect(page.getByRole("heading", { name: "All stores", exact: true })).toBeVisible();
  await expect(
    page.getByText("These figures add up every store of your organization; the chart below is Quiet Shop's."),
  ).toBeVisible();

  // One subscriber today: the y-axis counts 0 and 1, never a fraction of a subscriber.
  await subscribe(MAIN, busy.id, `${unique("one")}@acme-corp.example`);
  await page.goto(`/store/${busy.id}/dashboard`);
  const chart = page.getByRole("img", { name: "New subscribers per day for Busy Shop" });
  await expect(chart).toHaveAttribute("data-y-ticks", /\S/);
  const ticks = ((await chart.getAttribute("data-y-ticks")) ?? "").split(" ").map(Number);
  expect(ticks.length).toBeGreaterThan(1);
  for (const tick of ticks) expect(Number.isInteger(tick), `tick ${tick}`).toBe(true);
  // The legend is not "Time: -- New subscribers: --": off the chart it reads the latest day and its
  // count, and under the pointer the day pointed at.
  const legend = chart.locator(".u-legend");
  const today = new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  await expect(legend).toHaveText(`Day${today}From the popup1`);
  await chart.locator(".u-over").hover({ position: { x: 2, y: 20 } });
  await expect(legend).not.toContainText(today);
  await expect(legend).toHaveText(/^Day\w{3} \d{1,2}From the popup0$/);
  await page.mouse.move(0, 0);
  await expect(legend).toHaveText(`Day${today}From the popup1`);
  await screenshot(page, "dashboard-labelled");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "dashboard-labelled-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Switching store: the placeholder cards show while the other store's dashboard loads.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/dashboard.data*", async (route) => {
    await held;
    await route.continue();
  });
  const selector = page.locator("nav.Polaris-Navigation").getByRole("combobox", { name: "Store" });
  await selector.click();
  await selector.fill("Quiet");
  await selectorOption(page, "Quiet Shop").click();
  const placeholders = page.getByRole("status", { name: "Loading dashboard figures" });
  await expect(placeholders).toBeVisible();
  await expect(placeholders.locator(".Polaris-SkeletonDisplayText__DisplayText")).toHaveCount(5);
  await screenshot(page, "dashboard-loading", { fullPage: false });
  release();
  await expect(page).toHaveURL(`/store/${quiet.id}/dashboard`);
  await expect(placeholders).toHaveCount(0);
  await expect(page.getByRole("img", { name: "New subscribers per day for Quiet Shop" })).toBeVisible();
  await page.unroute("**/dashboard.data*");
});

test("members: invite, the emailed link, what the member sees, permissions and deletion", async ({
  page,
}) => {
  const owner = await newOrganization("Team");
  await withApi(owner, (api) =>
    createStore(api, { name: "Team Shop", shopifyUrl: "https://team.example.com" }),
  );
  const member = { email: `${unique("invitee")}@e2e.test`, password: "invitee-password-1" };

  await login(page, owner.email, owner.password, "/admin/members");
  await expect(page.getByRole("heading", { level: 1, name: "Member Management" })).toBeVisible();
  await expect(page.getByText("No members yet")).toBeVisible();
  await screenshot(page, "members-empty");

  await page.getByRole("button", { name: "Invite First Member" }).click();
  const invite = page.getByRole("dialog", { name: "Invite Member" });
  await expect(invite).toBeVisible();
  await invite.getByRole("textbox", { name: "Email" }).fill(member.email);
  await invite.getByRole("checkbox", { name: "Manage Popups" }).check();
  await invite.getByRole("checkbox", { name: "View Subscribers" }).check();
  await invite.getByRole("checkbox", { name: "Manage Campaigns" }).check();
  await screenshot(page, "members-invite-dialog");
  const invitedAt = Date.now() - 1_000;
  await invite.getByRole("button", { name: "Send Invitation" }).click();
  await expect(toast(page)).toHaveText("Success: Member invitation sent successfully");
  await expect(invite).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  await expect(row.getByText("Unverified", { exact: true })).toBeVisible();
  await expect(row.getByText("Manage Popups", { exact: true })).toBeVisible();
  await expect(row.getByText("View Subscribers", { exact: true })).toBeVisible();
  await expect(row.getByText("Manage Campaigns", { exact: true })).toBeVisible();
  await expect(row.getByText("Never", { exact: true })).toBeVisible();
  await screenshot(page, "members-pending");

  // The invitation arrives with a link to set a password.
  const mail = await newestMail(MAIN, member.email, invitedAt);
  expect(mail.subject).toBe("You have been invited to Newsletter Popup");
  const link = linkIn(mail, "/reset-password");
  expect(link.searchParams.get("token")).toBeTruthy();

  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
  await page.getByLabel("New password").fill(member.password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(toast(page)).toHaveText("Password Set Successfully");
  await expect(page).toHaveURL(/\/login$/);

  // Signed in, the member sees only what the three permissions allow.
  await login(page, member.email, member.password);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(sidebarItems(page)).toHaveText([
    "Dashboard",
    "Popup Builder",
    "Subscribers",
    "Campaigns",
    "Automations",
  ]);
  await screenshot(page, "members-invitee-dashboard");

  // Back as the admin: the member is Active and Verified.
  await page.context().clearCookies();
  await login(page, owner.email, owner.password, "/admin/members");
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();
  await expect(row.getByText(today(), { exact: true })).toHaveCount(2);

  await row.getByRole("button", { name: "Permissions" }).click();
  const permissions = page.getByRole("dialog", { name: `Permissions for ${member.email}` });
  await expect(permissions.getByRole("checkbox", { name: "Manage Popups" })).toBeChecked();
  await expect(permissions.getByRole("checkbox", { name: "View Subscribers" })).toBeChecked();
  await permissions.getByRole("checkbox", { name: "View Subscribers" }).uncheck();
  await permissions.getByRole("checkbox", { name: "Manage Email Settings" }).check();
  await permissions.getByRole("button", { name: "Save" }).click();
  await expect(toast(page)).toHaveText("Success: Member permissions updated successfully");
  await expect(permissions).toBeHidden();
  await expect(row.getByText("Manage Email Settings", { exact: true })).toBeVisible();
  await expect(row.getByText("View Subscribers", { exact: true })).toHaveCount(0);
  await screenshot(page, "members-active");

  await row.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete member" });
  await expect(
    confirm.getByText(`Are you sure you want to delete ${member.email}? This action cannot be undone.`),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toHaveText("Success: Member deleted successfully");
  await expect(page.getByText("No members yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Invite First Member" })).toBeVisible();
});
