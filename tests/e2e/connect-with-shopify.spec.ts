import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { CONNECT_ADMIN_ONLY } from "../../app/lib/schemas/shopify";
import { FAKE_STANDALONE_SHOP } from "../../mocks/shopify";
import { BROWSER_USER_AGENT, TEST_SHOPIFY_APP } from "../support/builders/shopify-session-token";
import { apiAs, createStore, type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { cardWithHeading, expect, test } from "./support/fixtures";
import { createMember } from "./support/members";
import { SCREENSHOT_DIR } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { installShopifyAdmin, openInAdmin } from "./support/shopify-admin";

/**
 * Connect with Shopify from a standalone store's Settings, as Shopify's review asks: the app never asks for
 * the shop's domain. The button goes to Shopify's install link (here a stand-in page); Shopify then opens the
 * app in the shop's admin (the admin-like frame of support/shopify-admin.ts), whose Settings open the
 * dashboard in a new tab to confirm the link.
 */
const SHOP = FAKE_STANDALONE_SHOP.domain;
const INSTALL_URL = `https://admin.shopify.com/oauth/install?client_id=${TEST_SHOPIFY_APP.apiKey}`;

// Shopify's authenticate.admin answers 410 to user agents it takes for bots, HeadlessChrome among them.
test.use({ userAgent: BROWSER_USER_AGENT });

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
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/settings`);
  return cardWithHeading(page, "Shopify store configuration");
}

test("a standalone store connects with Shopify: install on Shopify, link from the shop's admin, confirm here", async ({
  page,
  context,
  browserErrors,
}) => {
  // The test browser refuses storage to a cross-site frame; React Router's scroll restoration logs that.
  browserErrors.allow(/Failed to read the 'sessionStorage' property/);
  const api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  const name = unique("Connect Shop");
  const store = await createStore(api, {
    name,
    shopifyUrl: `https://${unique("connect-shop").toLowerCase()}.example.com`,
    integrationType: "shopify",
  }).finally(() => api.dispose());
  const installs: string[] = [];
  await context.route("https://admin.shopify.com/oauth/install*", async (route) => {
    installs.push(route.request().url());
    await route.fulfill({ contentType: "text/html", body: "<h1>Install Newsletter Popup</h1>" });
  });
  // The app's public URL (SHOPIFY_APP_URL) is this server.
  await context.route(`${TEST_SHOPIFY_APP.appUrl}/**`, async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({
      status: 302,
      headers: { Location: `${MAIN.baseURL}${url.pathname}${url.search}` },
    });
  });

  const card = await openShopifyCard(page, store);
  await expect(card.getByText("Not Connected")).toBeVisible();
  // Shopify asks which shop: no field here asks for its myshopify.com domain, nor for a custom app token.
  await expect(card.getByRole("textbox", { name: "Shop domain" })).toHaveCount(0);
  await expect(card.getByRole("textbox", { name: "Access token" })).toHaveCount(0);
  await expect(card.getByText("myshopify.com")).toHaveCount(0);
  await shootCard(page, card, "connect-with-shopify");
  await card.getByRole("button", { name: "Connect with Shopify" }).click();
  await expect(page.getByRole("heading", { name: "Install Newsletter Popup" })).toBeVisible();
  expect(installs).toEqual([INSTALL_URL]);

  // Shopify installs the app and opens it in the shop's admin.
  await installShopifyAdmin(context, SHOP, "/app/settings");
  await page.setViewportSize({ width: 1440, height: 900 });
  const app = await openInAdmin(page);
  const shopCard = cardWithHeading(app, "Shopify store configuration");
  const link = shopCard.getByRole("link", { name: "Link to my Newsletter Popup store" });
  await expect(link).toBeVisible();
  await shopCard.screenshot({ path: path.join(SCREENSHOT_DIR, "connect-with-shopify-admin-1440.png") });

  const [confirmation] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await expect(confirmation.getByText(`Link ${SHOP} to your store ${name}?`)).toBeVisible();
  for (const width of [1440, 390]) {
    await confirmation.setViewportSize({ width, height: 900 });
    await confirmation.screenshot({
      path: path.join(SCREENSHOT_DIR, `connect-with-shopify-confirm-${width}.png`),
    });
  }
  await confirmation.getByRole("button", { name: `Link ${SHOP}` }).click();
  await expect(confirmation).toHaveURL(`/store/${store.id}/settings?connected=${SHOP}`);
  const connected = cardWithHeading(confirmation, "Shopify store configuration");
  await expect(connected.getByText(`Connected to ${SHOP}`)).toBeVisible();
  await expect(connected.getByText("Connected", { exact: true })).toBeVisible();
  await expect(connected.getByRole("button", { name: "Connect with Shopify" })).toHaveCount(0);
  await shootCard(confirmation, connected, "connect-with-shopify-connected");
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
  await login(page, member.email, member.password, `/store/${store.id}/settings`);
  const card = cardWithHeading(page, "Shopify store configuration");
  await expect(card.getByText(CONNECT_ADMIN_ONLY)).toBeVisible();
  await expect(card.getByRole("button", { name: "Connect with Shopify" })).toHaveCount(0);
  await shootCard(page, card, "connect-with-shopify-member");
});
