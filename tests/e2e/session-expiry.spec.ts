import type { Page } from "@playwright/test";
import { ensureStore } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN, SHORT } from "./support/servers";

// The fake clock stays installed in a context: each test here has a context of its own.
test.use({ freshContext: true });

/**
 * The SHORT server's sessions last 6 minutes, so the countdown starts below the 10-minute mark.
 * The browser's clock is faked (page.clock) to reach the 4–5 minute warning and zero without waiting.
 */
// A store, so that the dashboard (not onboarding) opens.
test.beforeAll(async () => {
  await ensureStore(SHORT, ADMIN);
});

test.beforeEach(async ({ page }) => {
  expect(SHORT.sessionTtlMinutes).toBe(6);
  await page.clock.install();
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The badge shows "…" until the page knows when the session ends.
  await expect(sessionBadge(page)).toHaveText(/Session: \d+m \d+s$/);
  await expect(toast(page)).toHaveCount(0);
});

function sessionBadge(page: Page) {
  return page.locator(".Polaris-TopBar .Polaris-Badge").filter({ hasText: "Session:" });
}

/** Seconds left on the badge ("Session: 5m 42s"). */
async function secondsLeft(page: Page): Promise<number> {
  const text = ((await sessionBadge(page).textContent()) ?? "").trim();
  const match = /Session: (\d+)m (\d+)s$/.exec(text);
  if (!match) throw new Error(`unexpected countdown "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Moves the browser's clock so that about `seconds` are left on the badge, and pauses it there. */
async function leaveSeconds(page: Page, seconds: number): Promise<void> {
  const left = await secondsLeft(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + (left - seconds) * 1_000);
}

test("a short session counts minutes and seconds, critical with 'Refresh'", async ({ page }) => {
  const badge = sessionBadge(page);
  await expect(badge).toHaveText(/Session: [56]m \d+s$/);
  await expect(badge).toHaveClass(/toneCritical/);
  await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();
  await screenshot(page, "session-short-critical");

  // The countdown ticks every second.
  const before = await secondsLeft(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 3_000);
  await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(before - 2);

  await leaveSeconds(page, 45);
  await expect(badge).toHaveText(/Session: 4[4-6]s$/);
});

test("the 'Session Expiring Soon' toast appears once between 4 and 5 minutes", async ({ page }) => {
  await leaveSeconds(page, 5 * 60 + 20);
  await page.clock.runFor(5_000);
  await expect(toast(page)).toHaveCount(0);

  await leaveSeconds(page, 4 * 60 + 50);
  await expect(toast(page)).toHaveText(
    "Session Expiring Soon: Your session will expire in less than 5 minutes.",
  );
  // Polaris slides the toast in on timers, which the paused clock holds back: let them run.
  await page.clock.runFor(1_000);
  await expect(toast(page)).toBeVisible();
  await screenshot(page, "session-warning-toast");

  // The toast leaves after its 3 s; further ticks inside the window do not bring it back.
  await page.clock.runFor(4_000);
  await expect(toast(page)).toHaveCount(0);
  await page.clock.runFor(30_000);
  await expect(sessionBadge(page)).toHaveText(/Session: 4m \d+s$/);
  await expect(toast(page)).toHaveCount(0);
});

test("at zero the 'Session Expired' toast shows and the user is logged out to /login", async ({ page }) => {
  // Jump just past zero: the next tick finds nothing left.
  await leaveSeconds(page, -2);
  await expect(toast(page)).toHaveText("Session Expired: Your session has expired. Please login again.");
  await expect(page).toHaveURL(/\/login\?reason=session-expired$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(toast(page)).toBeVisible();
  await screenshot(page, "session-expired-login");
  // The toast goes after its 3 s; the login page still says why.
  await page.clock.runFor(4_000);
  await expect(toast(page)).toHaveCount(0);
  await expect(expiredBanner(page)).toBeVisible();

  // The server session was ended too.
  await page.clock.resume();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a session that lapsed on the server sends the next page to a login that says it expired", async ({
  page,
  playwright,
}) => {
  // The session ends elsewhere (another tab's logout) while this browser still holds its cookie.
  const cookies = await page.context().cookies();
  const other = await playwright.request.newContext({
    baseURL: SHORT.baseURL,
    storageState: { cookies, origins: [] },
  });
  await other.post("/api/auth/logout", { headers: { Origin: SHORT.baseURL } });
  await other.dispose();

  await page.goto("/subscribers");
  await expect(page).toHaveURL(/\/login\?reason=session-expired$/);
  await expect(expiredBanner(page)).toBeVisible();
  await screenshot(page, "session-expired-banner");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "session-expired-banner-390");

  // Signing in again replaces the reason with the outcome.
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

function expiredBanner(page: Page) {
  return page.locator(".Polaris-Banner").filter({ hasText: "Your session has expired. Please login again." });
}
