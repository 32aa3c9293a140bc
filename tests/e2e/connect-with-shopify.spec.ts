import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { CONNECT_ADMIN_ONLY } from "../../app/lib/schemas/shopify";
import { FAKE_STANDALONE_SHOP } from "../../mocks/shopify";
import { signedCallbackQuery } from "../support/builders/shopify-oauth";
import { apiAs, createStore, type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { cardWithHeading, expect, test } from "./support/fixtures";
import { createMember } from "./support/members";
import { SCREENSHOT_DIR } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

/**
 * Connect with Shopify from a standalone store's Settings. The browser goes to the shop's grant screen
 * (https://{shop}/admin/oauth/authorize); here that page answers as Shopify does once the owner approves:
 * a redirect to the app's callback with a code and the state, signed with the app's secret.
 */
const SHOP = FAKE_STANDALONE_SHOP.domain;

/** The card alone, at a desktop and a phone width, for a person to look at. */
async function shootCard(page: Page, card: Locator, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
      animations: "disabled",
    });
  }
}

async function openShopifyCard(page: Page, store: Store): Promise<Locator> {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/store/${store.id}/settings`);
  return cardWithHeading(page, "Shopify store configuration");
}

test("a standalone store connects with Shopify and comes back connected", async ({ page }) => {
  const api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  const store = await createStore(api, {
    name: unique("Connect Shop"),
    shopifyUrl: `https://${SHOP}`,
    integrationType: "shopify",
  }).finally(() => api.dispose());
  const granted: string[] = [];
  await page.route("https://*.myshopify.com/admin/oauth/authorize*", async (route) => {
    const authorize = new URL(route.request().url());
    granted.push(authorize.toString());
    const query = signedCallbackQuery(authorize.hostname, authorize.searchParams.get("state") ?? "");
    await route.fulfill({
      status: 302,
      headers: { Location: `${MAIN.baseURL}/auth/shopify/callback?${query}` },
    });
  });

  const card = await openShopifyCard(page, store);
  await expect(card.getByText("Not Connected")).toBeVisible();
  // A store without a custom app token is offered no token field: Shopify no longer issues new ones.
  await expect(card.getByRole("textbox", { name: "Access token" })).toHaveCount(0);
  const shop = card.getByRole("textbox", { name: "Shop domain" });
  await expect(shop).toHaveValue(SHOP);
  await shootCard(page, card, "connect-with-shopify");

  await shop.fill("acme-standalone");
  await card.getByRole("button", { name: "Connect with Shopify" }).click();
  await expect(
    card.getByText("Enter the shop's myshopify.com domain, e.g. your-store.myshopify.com"),
  ).toBeVisible();
  expect(granted).toEqual([]);

  await shop.fill(` https://${SHOP.toUpperCase()}/ `);
  await card.getByRole("button", { name: "Connect with Shopify" }).click();
  await expect(page).toHaveURL(`/store/${store.id}/settings?connected=${SHOP}`);
  const authorize = new URL(granted[0] ?? "");
  expect(authorize.searchParams.get("redirect_uri")).toMatch(/\/auth\/shopify\/callback$/);
  expect(authorize.searchParams.has("grant_options[]")).toBe(false);

  const connected = cardWithHeading(page, "Shopify store configuration");
  await expect(connected.getByText(`Connected to ${SHOP}`)).toBeVisible();
  await expect(connected.getByText("Connected", { exact: true })).toBeVisible();
  await expect(connected.getByText(`Connected with Shopify to ${SHOP}.`, { exact: false })).toBeVisible();
  await expect(connected.getByRole("button", { name: "Connect with Shopify" })).toHaveCount(0);
  await shootCard(page, connected, "connect-with-shopify-connected");
});

test("a member who may manage integrations is told that only an administrator connects a shop", async ({
  page,
}) => {
  const api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  const store = await createStore(api, {
    name: unique("Member Shop"),
    shopifyUrl: `https://${unique("member-shop").toLowerCase()}.myshopify.com`,
    integrationType: "shopify",
  }).finally(() => api.dispose());
  const member = { email: `${unique("integrator")}@e2e.test`, password: "integrator-password-1" };
  await createMember(MAIN, {
    ...member,
    permissions: { manage_email_settings: true, manage_integrations: true },
  });
  await login(page, member.email, member.password);
  await page.goto(`/store/${store.id}/settings`);
  const card = cardWithHeading(page, "Shopify store configuration");
  await expect(card.getByText(CONNECT_ADMIN_ONLY)).toBeVisible();
  await expect(card.getByRole("button", { name: "Connect with Shopify" })).toHaveCount(0);
  await expect(card.getByRole("textbox", { name: "Shop domain" })).toHaveCount(0);
  await shootCard(page, card, "connect-with-shopify-member");
});
