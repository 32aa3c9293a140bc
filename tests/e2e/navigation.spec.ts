import { ensureStore, unique } from "./support/api";
import { login, openUserMenu } from "./support/auth";
import { expect, sidebarItems, test } from "./support/fixtures";
import { createMember } from "./support/members";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

const ALL_ITEMS = [
  "Dashboard",
  "Store Management",
  "Popup Builder",
  "Subscribers",
  "Campaigns",
  "Automations",
  "Email Templates",
  "Integration",
  "Settings",
  "Member Management",
];

// Each worker process that runs these tests makes its own members (the suite runs fully parallel).
const SUBSCRIBER_VIEWER = { email: `${unique("viewer")}@e2e.test`, password: "viewer-password-1" };
const NO_PERMISSIONS = { email: `${unique("nothing")}@e2e.test`, password: "nothing-password-1" };

test.beforeAll(async () => {
  // The main layout needs a store in the organization (without one every screen is /onboarding).
  await ensureStore(MAIN, ADMIN);
  await createMember(MAIN, { ...SUBSCRIBER_VIEWER, permissions: { view_subscribers: true } });
  await createMember(MAIN, { ...NO_PERMISSIONS, permissions: {} });
});

test("the header shows the title, subtitle, countdown, 'Add New Store' and the admin's menu", async ({
  page,
}) => {
  await login(page, ADMIN.email, ADMIN.password);
  const header = page.locator(".Polaris-TopBar");
  await expect(header.getByText("Newsletter Popup", { exact: true })).toBeVisible();
  await expect(header.getByText("Newsletter Management Dashboard")).toBeVisible();
  await expect(header.getByText(/Session: \d+h \d+m$/)).toBeVisible();
  await expect(header.getByRole("link", { name: "Add New Store" })).toBeVisible();
  await expect(header.getByText(ADMIN.email)).toBeVisible();
  await expect(header.getByText("Admin", { exact: true })).toBeVisible();
  await screenshot(page, "dashboard-desktop");

  await openUserMenu(page, ADMIN.email);
  await expect(page.getByRole("menuitem", { name: "Manage Members" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  // The viewport only: a full-page picture resizes the window, and a resize closes the open menu.
  await screenshot(page, "user-menu-admin", { fullPage: false });
  await page.getByRole("menuitem", { name: "Manage Members" }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByRole("heading", { level: 1, name: "Member Management" })).toBeVisible();
});

test("an admin sees every sidebar item plus 'Add New Site' and 'Setup'", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(sidebarItems(page)).toHaveText(ALL_ITEMS);
  const sidebar = page.locator("nav.Polaris-Navigation");
  await expect(sidebar.getByRole("link", { name: "Add New Site" })).toHaveAttribute("href", "/onboarding");
  await expect(sidebar.getByRole("link", { name: "Setup" })).toHaveAttribute("href", "/settings");
  await expect(sidebar.getByText("Type to filter stores by name")).toBeVisible();

  await sidebar.getByRole("link", { name: "Store Management" }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByRole("heading", { level: 1, name: "Store Management" })).toBeVisible();
});

test("a member with only view_subscribers sees Dashboard and Subscribers, a Member badge, no admin items", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 404/);
  await login(page, SUBSCRIBER_VIEWER.email, SUBSCRIBER_VIEWER.password);
  await expect(sidebarItems(page)).toHaveText(["Dashboard", "Subscribers"]);
  const header = page.locator(".Polaris-TopBar");
  await expect(header.getByText("Member", { exact: true })).toBeVisible();
  await expect(header.getByText("Admin", { exact: true })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Add New Store" })).toHaveCount(0);
  await screenshot(page, "dashboard-member-view-subscribers");

  await openUserMenu(page, SUBSCRIBER_VIEWER.email);
  await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Manage Members" })).toHaveCount(0);
  await screenshot(page, "user-menu-member", { fullPage: false });
  await page.keyboard.press("Escape");

  await page.locator("nav.Polaris-Navigation").getByRole("link", { name: "Subscribers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();

  // Member Management does not exist for members.
  const response = await page.goto("/admin/members");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Member Management" })).toHaveCount(0);
});

test("a member with no permissions sees only Dashboard", async ({ page }) => {
  await login(page, NO_PERMISSIONS.email, NO_PERMISSIONS.password);
  await expect(sidebarItems(page)).toHaveText(["Dashboard"]);
  await expect(page.locator(".Polaris-TopBar").getByText("Member", { exact: true })).toBeVisible();
  await screenshot(page, "dashboard-member-no-permissions");
});

test.describe("with a fake clock", () => {
  // The fake clock stays installed in a context: this test's is its own.
  test.use({ freshContext: true });

  test("the countdown reads hours and minutes, and turns critical with 'Refresh' at 10 minutes left", async ({
    page,
  }) => {
    await page.clock.install();
    await login(page, ADMIN.email, ADMIN.password);
    const badge = page.locator(".Polaris-TopBar .Polaris-Badge").filter({ hasText: "Session:" });
    await expect(badge).toHaveText(/Session: 23h 5\dm$/);
    await expect(badge).not.toHaveClass(/toneCritical/);
    await expect(page.getByRole("button", { name: "Refresh" })).toHaveCount(0);

    // 23 h 51 min later only about 8 minutes of the 24 h session are left.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + (23 * 60 + 51) * 60_000);
    await expect(badge).toHaveText(/Session: [78]m \d+s$/);
    await expect(badge).toHaveClass(/toneCritical/);
    const refresh = page.getByRole("button", { name: "Refresh" });
    await expect(refresh).toBeVisible();
    await screenshot(page, "header-session-critical");

    await page.clock.resume();
    const reloaded = page.waitForEvent("load");
    await refresh.click();
    await reloaded;
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });
});
