import { ensureStore, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { createMember } from "./support/members";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

// Each worker process that runs these tests makes its own member (the suite runs fully parallel).
const MEMBER = { email: `${unique("no-access")}@e2e.test`, password: "no-access-password-1" };

test.beforeAll(async () => {
  await ensureStore(MAIN, ADMIN);
  await createMember(MAIN, { ...MEMBER, permissions: {} });
});

const REFUSED = [
  {
    path: "/settings",
    sentence: "You don't have permission to manage email settings and templates. Ask an administrator.",
  },
  { path: "/stores", sentence: "You don't have permission to manage stores. Ask an administrator." },
  {
    path: "/email-templates",
    sentence: "You don't have permission to manage email settings and templates. Ask an administrator.",
  },
  {
    path: "/email-analytics",
    sentence: "You don't have permission to manage email settings and templates. Ask an administrator.",
  },
  { path: "/popup-builder", sentence: "You don't have permission to manage popups. Ask an administrator." },
  { path: "/subscribers", sentence: "You don't have permission to view subscribers. Ask an administrator." },
  { path: "/campaigns", sentence: "You don't have permission to manage campaigns. Ask an administrator." },
];

test("a member without the permission sees 'Permission Denied' inside the app, with the header and sidebar", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 40[34]/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, MEMBER.email, MEMBER.password);
  for (const [index, { path, sentence }] of REFUSED.entries()) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Permission Denied" })).toBeVisible();
    await expect(page.getByText(sentence, { exact: true })).toBeVisible();
    await expect(page.getByText("Internal Server Error")).toHaveCount(0);
    // The shell stays: the header and the sidebar with the member's one item.
    await expect(
      page.locator(".Polaris-TopBar").getByText("Newsletter Popup", { exact: true }),
    ).toBeVisible();
    await expect(
      page.locator("nav.Polaris-Navigation").getByRole("link", { name: "Dashboard" }),
    ).toBeVisible();
    if (index === 0) await screenshot(page, "permission-denied-desktop");
  }

  // Member Management does not exist for members: the 404 page, inside the shell as well.
  const response = await page.goto("/admin/members");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.locator(".Polaris-TopBar").getByText("Newsletter Popup", { exact: true })).toBeVisible();
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Permission Denied" })).toBeVisible();
  await screenshot(page, "permission-denied-mobile");
});

test("an unknown store's screen shows the 404 page inside the app", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 404/);
  await login(page, ADMIN.email, ADMIN.password);
  const response = await page.goto("/store/00000000-0000-4000-8000-000000000000/dashboard");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(
    page.locator("nav.Polaris-Navigation").getByRole("link", { name: "Store Management" }),
  ).toBeVisible();
});
