import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { countUsers } from "./support/members";
import { screenshot } from "./support/screenshot";
import { FRESH, OWNER } from "./support/servers";

/**
 * Runs on the FRESH server, which starts with an empty database: a fresh install. The tests run in
 * order: the first looks at /login before any account exists; the second is the new owner's first visit,
 * from the app's root to the popup on the demo page with no other URL typed.
 */
test.describe.configure({ mode: "serial" });

test("before any account exists, /login points the new owner to /setup", async ({ page }) => {
  expect(await countUsers(FRESH)).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("No account exists yet")).toBeVisible();
  await screenshot(page, "login-setup-open");
  await expectNoSeriousAxeViolations(page, "/login before any account at 1440 px");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "login-setup-open-phone");
  await expectNoSeriousAxeViolations(page, "/login before any account at 390 px");
  await page.getByRole("link", { name: "Create the admin account" }).click();
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByRole("heading", { name: "Create the admin account" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "/setup at 390 px");
  await page.setViewportSize({ width: 1440, height: 900 });
  await expectNoSeriousAxeViolations(page, "/setup at 1440 px");
});

test.describe("before the page's JavaScript runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the setup form posts as a plain form and shows the server's answer, not 'Bad Request'", async ({
    page,
    browserErrors,
  }) => {
    browserErrors.allow(/status of 422/);
    await page.goto("/setup");
    await page.getByLabel("Organization name").fill(OWNER.organization);
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByText("Password must be at least 8 characters", { exact: true })).toBeVisible();
    await expect(page.getByText("Bad Request")).toHaveCount(0);
    expect(await countUsers(FRESH)).toBe(0);
  });
});

test("a fresh install: the root leads to /setup, the account, a site, and its popup on the demo page", async ({
  page,
  browserErrors,
}) => {
  // A refused form answers 422, which Chromium reports as a failed resource load; the demo shop page
  // has no favicon.
  browserErrors.allow(/status of 422/);
  browserErrors.allow(/favicon\.ico/);
  expect(await countUsers(FRESH)).toBe(0);

  // The only URL typed by hand: the app's root.
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
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
  expect(await countUsers(FRESH)).toBe(1);

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

  // The popup builder links to the demo shop page, which installs the script as the owner's site would.
  await page.locator("nav.Polaris-Navigation").getByRole("link", { name: "Popup Builder" }).click();
  await expect(page).toHaveURL(/\/store\/[0-9a-f-]{36}\/popup-builder$/);
  // In a new tab: the builder stays open beside the shop.
  const [demo] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "Open demo page" }).click(),
  ]);
  await expect(demo).toHaveURL(/\/demo\/[0-9a-f-]{36}$/);
  await expect(page).toHaveURL(/\/store\/[0-9a-f-]{36}\/popup-builder$/);
  await expect(demo.getByRole("heading", { name: "New arrivals" })).toBeVisible();
  const popup = demo.locator("newsletter-popup").getByRole("dialog");
  await expect(popup).toBeVisible();
  await expect(popup.getByLabel("Email address")).toBeVisible();
  await screenshot(demo, "first-visit-demo-popup", { fullPage: false });
  await demo.close();

  // Once the admin exists, /login no longer offers /setup, and /setup is gone.
  await page.context().clearCookies();
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("No account exists yet")).toHaveCount(0);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);

  browserErrors.allow(/status of 404/);
  const again = await page.goto("/setup");
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Create the admin account" })).toHaveCount(0);
});
