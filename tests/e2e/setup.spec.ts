import { expect, test } from "./support/fixtures";
import { countUsers } from "./support/members";
import { screenshot } from "./support/screenshot";
import { OWNER, SHORT } from "./support/servers";

/**
 * Runs first on the SHORT server, which starts with an empty database: the first admin is created
 * through /setup, then its first store through /onboarding (session-expiry.spec.ts signs in as that
 * admin afterwards).
 */
test("/setup creates the first admin once, then is gone", async ({ page, browserErrors }) => {
  // A refused form answers 422, which Chromium reports as a failed resource load.
  browserErrors.allow(/status of 422/);
  expect(await countUsers(SHORT)).toBe(0);

  await page.goto("/setup");
  await expect(page.getByRole("heading", { name: "Create the admin account" })).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
  await screenshot(page, "screen-setup");

  await page.getByLabel("Organization name").fill(OWNER.organization);
  await page.getByLabel("Email").fill(OWNER.email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Password must be at least 8 characters", { exact: true })).toBeVisible();
  await screenshot(page, "setup-validation");

  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Create account" }).click();
  // A new organization has no stores: only the onboarding screen is shown.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { level: 1, name: "Add Your Site" })).toBeVisible();
  expect(await countUsers(SHORT)).toBe(1);

  // The owner adds the first site through the wizard and reaches its dashboard.
  await page.getByLabel("Site Name").fill("Short Session Store");
  await page.getByLabel("Site URL").fill("https://short-session.example.com");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Create Integration" }).click();
  await expect(page.getByLabel("Install script")).toHaveValue(/data-store-id="[0-9a-f-]{36}"/);
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Continue To Dashboard" }).click();
  await expect(page).toHaveURL(/\/store\/[0-9a-f-]{36}\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.locator(".Polaris-TopBar").getByText(OWNER.email)).toBeVisible();

  browserErrors.allow(/status of 404/);
  const again = await page.goto("/setup");
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Create the admin account" })).toHaveCount(0);
});
