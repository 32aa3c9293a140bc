import { unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { createMember, createOrganization } from "./support/members";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";

/**
 * SPEC §2: "If the user has no stores, only the onboarding screen is shown." Each test uses a new
 * organization of its own, which no other spec adds stores to.
 */
const APP_SCREENS = [
  "/",
  "/dashboard",
  "/stores",
  "/popup-builder",
  "/subscribers",
  "/integration",
  "/email-templates",
  "/email-analytics",
  "/settings",
  "/admin/members",
  "/store/00000000-0000-4000-8000-000000000000/settings",
  "/does-not-exist",
];

test("an admin without stores is sent to /onboarding from every app screen, and can log out there", async ({
  page,
}) => {
  const admin = {
    name: unique("Empty Org"),
    email: `${unique("empty-admin")}@e2e.test`,
    password: "empty-password-1",
  };
  await createOrganization(MAIN, admin);

  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add Your Site" })).toBeVisible();
  // Only the wizard: no sidebar, no header of the main layout.
  await expect(page.locator("nav.Polaris-Navigation")).toHaveCount(0);
  await expect(page.getByText("Newsletter Management Dashboard")).toHaveCount(0);
  await expect(page.getByLabel("Site Name")).toBeVisible();
  await screenshot(page, "onboarding-no-stores-admin");

  // The app layout's loader sends them on: each screen's document request ends at /onboarding (the browser,
  // signed in, follows the same redirects; one screen is opened in it below).
  for (const path of APP_SCREENS) {
    const response = await page.request.get(path);
    expect(new URL(response.url()).pathname, `${path} leads to /onboarding`).toBe("/onboarding");
  }
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(toast(page)).toHaveText("Logged Out: You have been successfully logged out");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/onboarding");
  await expect(page).toHaveURL(/\/login$/);
});

test("a member without manage_stores in an organization without stores is told to ask an administrator", async ({
  page,
}) => {
  const admin = {
    name: unique("Empty Org"),
    email: `${unique("empty-owner")}@e2e.test`,
    password: "empty-password-1",
  };
  const member = { email: `${unique("empty-member")}@e2e.test`, password: "member-password-1" };
  await createOrganization(MAIN, admin);
  await createMember(MAIN, {
    ...member,
    permissions: { view_subscribers: true },
    organizationOf: admin.email,
  });

  await login(page, member.email, member.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add Your Site" })).toBeVisible();
  await expect(
    page.getByText("No stores yet. Ask an administrator of your organization to add one."),
  ).toBeVisible();
  await expect(page.getByLabel("Site Name")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await screenshot(page, "onboarding-no-stores-member");

  await page.goto("/subscribers");
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
});
