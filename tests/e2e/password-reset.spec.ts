import { ensureStore, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { linkIn, newestMail } from "./support/mail";
import { createMember } from "./support/members";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

// The member signs in to the dashboard, which needs a store in the organization.
test.beforeAll(async () => {
  await ensureStore(MAIN, ADMIN);
});

const INVALID_LINK = "Invalid Link: This password reset link is invalid or expired.";

test("forgot password: validation, 'Check Your Email', Try Again and Back to Login", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();

  await page.getByLabel("Email").fill("nope");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await screenshot(page, "forgot-password-validation");

  // The answer is the same whether or not the account exists.
  await page.getByLabel("Email").fill("nobody@e2e.test");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(toast(page)).toHaveText("If an account with this email exists, a reset link has been sent.");
  await screenshot(page, "forgot-password-check-email");

  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByLabel("Email")).toBeVisible();

  await page.getByLabel("Email").fill("nobody@e2e.test");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("the emailed reset link sets a new password that signs in", async ({ page, browserErrors }) => {
  // Signing in with the old password answers 401, which Chromium reports as a failed resource load.
  browserErrors.allow(/status of 401 .*\/api\/auth\/login/);
  const member = { email: `${unique("reset-member")}@e2e.test`, password: "old-password-1" };
  const newPassword = "brand-new-password-2";
  await createMember(MAIN, { ...member, permissions: { view_subscribers: true } });

  const requestedAt = Date.now() - 1_000;
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();

  const mail = await newestMail(MAIN, member.email, requestedAt);
  expect(mail.subject).toBe("Reset your Newsletter Popup password");
  const link = linkIn(mail, "/reset-password");
  expect(link.origin).toBe(MAIN.baseURL);
  expect(link.searchParams.get("token")).toBeTruthy();

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
  await screenshot(page, "reset-password-form");

  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Password must be at least 8 characters", { exact: true })).toBeVisible();
  // One message: the hint gives way to the error.
  await expect(page.getByText("Password must be at least 8 characters long")).toHaveCount(0);
  await screenshot(page, "reset-password-too-short");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "reset-password-too-short-390");
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(toast(page)).toHaveText("Password Set Successfully");
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works, the new one does.
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password").fill(member.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("form .Polaris-Banner")).toContainText("Invalid email or password");

  await login(page, member.email, newPassword);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // A link works once.
  await page.context().clearCookies();
  await page.goto(link.pathname + link.search);
  await expect(toast(page)).toHaveText(INVALID_LINK);
  await expect(page).toHaveURL(/\/login$/);
});

test("a reset link without a token is invalid and leads to /login", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(toast(page)).toHaveText(INVALID_LINK);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await screenshot(page, "reset-password-invalid-link");
});

test("a reset link with a bogus token is invalid and leads to /login", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(toast(page)).toHaveText(INVALID_LINK);
  await expect(page).toHaveURL(/\/login$/);
});
