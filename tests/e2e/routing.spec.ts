import { ensureStore } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

test.beforeAll(async () => {
  await ensureStore(MAIN, ADMIN);
});

for (const path of ["/dashboard", "/store/x/settings", "/nope", "/"]) {
  test(`an anonymous visitor to ${path} is sent to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
}

test("routes match case-insensitively", async ({ page }) => {
  await page.goto("/Login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

  await login(page, ADMIN.email, ADMIN.password, "/DASHBOARD");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.goto("/Admin/Members");
  await expect(page.getByRole("heading", { level: 1, name: "Member Management" })).toBeVisible();
});

test("an unknown path shows '404 Page Not Found' inside the app when signed in", async ({
  page,
  browserErrors,
}) => {
  // The document answers 404, which Chromium reports as a failed resource load.
  browserErrors.allow(/status of 404/);
  await login(page, ADMIN.email, ADMIN.password);
  const response = await page.goto("/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Newsletter Management Dashboard")).toBeVisible();
  await screenshot(page, "not-found-desktop");

  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
