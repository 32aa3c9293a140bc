import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN } from "./support/servers";

/** Every screen of the foundation with the heading it must show; each is loaded signed in as admin. */
const SCREENS = [
  { path: "/dashboard", heading: "Dashboard", shot: "screen-dashboard" },
  { path: "/stores", heading: "Store Management", shot: "screen-stores" },
  { path: "/popup-builder", heading: "Popup Builder", shot: "screen-popup-builder" },
  { path: "/subscribers", heading: "Subscribers", shot: "screen-subscribers" },
  { path: "/integration", heading: "Integration", shot: "screen-integration" },
  { path: "/email-templates", heading: "Email Templates", shot: "screen-email-templates" },
  { path: "/email-analytics", heading: "Email Analytics", shot: "screen-email-analytics" },
  { path: "/settings", heading: "Settings", shot: "screen-settings" },
  { path: "/admin/members", heading: "Member Management", shot: "screen-admin-members" },
  { path: "/onboarding", heading: "Add Your Site", shot: "screen-onboarding" },
];

test.describe("desktop 1280×800", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
  });

  for (const screen of SCREENS) {
    test(`${screen.path} loads without errors`, async ({ page }) => {
      const response = await page.goto(screen.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: screen.heading })).toBeVisible();
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

  test("/dashboard with the navigation drawer", async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto("/dashboard");
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
