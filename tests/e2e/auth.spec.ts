import { ensureStore } from "./support/api";
import { login, openUserMenu } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

// Signed in, a user of an organization without stores only gets /onboarding (no-stores.spec.ts).
test.beforeAll(async () => {
  await ensureStore(MAIN, ADMIN);
});

test.describe("sign in", () => {
  test("shows the client-side validation messages", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
    await screenshot(page, "login-validation-desktop");

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("something");
    await expect(page.getByText("Password is required")).toBeHidden();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password shows 'Login failed' above the form, no toast, and stays on /login", async ({
    page,
    browserErrors,
  }) => {
    // The refused sign-in answers 401, which Chromium reports as a failed resource load.
    browserErrors.allow(/status of 401 .*\/api\/auth\/login/);
    await page.goto("/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill("definitely-wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    const banner = page.locator("form .Polaris-Banner");
    await expect(banner).toContainText("Login failed");
    await expect(banner).toContainText("Invalid email or password");
    await expect(toast(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    await screenshot(page, "login-failed");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "login-failed-390");
    // Signing in again starts without the old message.
    await page.getByLabel("Password").fill("still-wrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(banner).toHaveCount(1);
  });

  test("a good password shows 'Logged in successfully' and lands on the dashboard", async ({ page }) => {
    await page.goto("/login");
    await screenshot(page, "login-desktop");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(toast(page)).toHaveText("Logged in successfully");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Overview of your newsletter management system")).toBeVisible();
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page).toHaveURL(/\/store\/[0-9a-f-]{36}\/dashboard$/);

    // A signed-in visitor to /login is sent back into the app.
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  });

  test("logging out shows the toast, lands on /login and ends the session", async ({ page }) => {
    await login(page, ADMIN.email, ADMIN.password);
    await openUserMenu(page, ADMIN.email);
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(toast(page)).toHaveText("Logged Out: You have been successfully logged out");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
});
