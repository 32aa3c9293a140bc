import type { BrowserContext } from "@playwright/test";
import { apiAs, createStore, recordViews, type Store, subscribe, unique, updatePopup } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { markCouponUsed } from "./support/members";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

/**
 * Every screen with the heading it must show and a piece of the selected store's content; each is
 * loaded signed in as admin, with this spec's own store selected (the sidebar's remembered store), so
 * the pictures show a store with subscribers rather than empty states.
 */
const STORE_NAME = "Northwind Outfitters";
const SUBSCRIBERS = ["ava", "ben", "chloe", "dan", "eve"].map((name) => `${name}@northwind-buyers.example`);

const SCREENS = [
  {
    path: "/dashboard",
    heading: "Dashboard",
    content: `New subscribers per day, last 30 days — ${STORE_NAME}`,
    shot: "screen-dashboard",
  },
  { path: "/stores", heading: "Store Management", content: STORE_NAME, shot: "screen-stores" },
  {
    path: "/popup-builder",
    heading: "Popup Builder",
    content: `Design the signup popup visitors of ${STORE_NAME} see`,
    shot: "screen-popup-builder",
  },
  { path: "/subscribers", heading: "Subscribers", content: SUBSCRIBERS[0] ?? "", shot: "screen-subscribers" },
  { path: "/campaigns", heading: "Campaigns", content: "No campaigns yet", shot: "screen-campaigns" },
  {
    path: "/integration",
    heading: "Integration",
    content: `Install the popup on ${STORE_NAME}`,
    shot: "screen-integration",
  },
  {
    path: "/email-templates",
    heading: "Email Templates",
    content: "View detailed analytics",
    shot: "screen-email-templates",
  },
  {
    path: "/email-analytics",
    heading: "Email Analytics",
    content: "No email data available",
    shot: "screen-email-analytics",
  },
  { path: "/settings", heading: "Settings", content: `Settings for ${STORE_NAME}`, shot: "screen-settings" },
  {
    path: "/admin/members",
    heading: "Member Management",
    content: ADMIN.email,
    shot: "screen-admin-members",
  },
  { path: "/onboarding", heading: "Add Your Site", content: "Step 1 of 4", shot: "screen-onboarding" },
];

let store: Store;

test.beforeAll(async () => {
  const api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  try {
    store = await createStore(api, {
      name: STORE_NAME,
      shopifyUrl: `https://${unique("northwind")}.example.com`,
    });
    await updatePopup(api, store.id, { title: "Get <mark>15% off</mark> your first order" });
  } finally {
    await api.dispose();
  }
  for (const email of SUBSCRIBERS) await subscribe(MAIN, store.id, email);
  await recordViews(MAIN, store.id, 40);
  await markCouponUsed(MAIN, store.id, SUBSCRIBERS[1] ?? "");
});

/** Bare paths (/settings) show the remembered store: remember this spec's store. */
async function selectStore(context: BrowserContext) {
  await context.addCookies([{ name: "np_store", value: store.id, url: MAIN.baseURL }]);
}

test.describe("desktop 1280×800", () => {
  test.beforeEach(async ({ page, context }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await selectStore(context);
  });

  for (const screen of SCREENS) {
    test(`${screen.path} loads without errors`, async ({ page }) => {
      const response = await page.goto(screen.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.getByText(screen.content, { exact: true }).first()).toBeVisible();
      if (screen.path === "/email-templates") {
        // The saved template is previewed on load. (The frame is sandboxed without scripts, so the test
        // reads its srcdoc rather than reaching into it.)
        await expect(page.locator('iframe[title="Email preview"]')).toHaveAttribute("srcdoc", /WELCOME15/);
      }
      await screenshot(page, screen.shot);
    });
  }
});

test.describe("phone 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test("/login", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await screenshot(page, "login-phone");
  });

  test("/dashboard with the navigation drawer", async ({ page, context }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await selectStore(context);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(`/store/${store.id}/dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    // On a phone the sidebar is a drawer behind the header's toggle.
    await expect(page.locator("nav.Polaris-Navigation").getByText("Store Management")).toBeHidden();
    await screenshot(page, "dashboard-phone");

    await page.getByRole("button", { name: "Toggle menu" }).click();
    const sidebar = page.locator("nav.Polaris-Navigation");
    await expect(sidebar.getByRole("link", { name: "Store Management" })).toBeVisible();
    await screenshot(page, "dashboard-phone-navigation");
    await sidebar.getByRole("link", { name: "Store Management" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Store Management" })).toBeHidden();
  });
});
