import type { Page } from "@playwright/test";
import { subscribe, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { overflowSideways } from "./support/overflow";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { adminApiForFile, mailingStoreForFile } from "./support/spec-setup";

/**
 * Automations from the merchant's side: the welcome series added, its reminder edited like a campaign (with
 * its preview and a test), started, and a new subscriber seen entering it in the results.
 */
const api = adminApiForFile();
const shop = mailingStoreForFile(api, "Flow Shop");

const preview = (page: Page) => page.locator('iframe[title="Email preview"]');

/** The editor at 390 px, then its reminder opened there (the preview below the fields), then 1440 px again. */
async function atPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Results" })).toBeVisible();
  await screenshot(page, "flow-editor-390");
  const reminder = page.getByRole("region", { name: "Step 4" });
  await reminder.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByTestId("email-preview-subject")).toHaveText("Alex, your code is waiting");
  expect(await overflowSideways(page)).toEqual({ scrollWidth: 390, innerWidth: 390, offenders: [] });
  await reminder.getByLabel("Subject").scrollIntoViewIfNeeded();
  await screenshot(page, "flow-email-step-390", { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
}

test("the welcome series: add it, edit its reminder, add a step, test, start it and see a subscriber enter", async ({
  page,
}) => {
  test.slow();
  const store = shop.store;
  const tester = `${unique("tester")}@flow-shop.example`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/store/${store.id}/flows`);
  await expect(page.getByText("No automations yet")).toBeVisible();
  await page.getByRole("button", { name: "Add welcome series" }).first().click();

  await expect(page.getByRole("heading", { name: "Welcome series" })).toBeVisible();
  const reminder = page.getByRole("region", { name: "Step 4" });
  await expect(reminder).toContainText("Email: Your [DISCOUNT_PERCENT]% off is still waiting");
  await reminder.getByRole("button", { name: "Edit" }).click();
  await reminder.getByLabel("Subject").fill("[First Name], your code is waiting");
  await expect(page.getByTestId("email-preview-subject")).toHaveText("Alex, your code is waiting");
  await expect.poll(async () => (await preview(page).boundingBox())?.width).toBe(600);
  await page.getByRole("button", { name: "Mobile" }).click();
  await expect.poll(async () => (await preview(page).boundingBox())?.width).toBe(375);
  await page.getByRole("button", { name: "Desktop" }).click();
  await screenshot(page, "flow-editor-1440");

  // The test sends the saved step: the edit is saved first.
  await reminder.getByRole("button", { name: "Send test" }).click();
  const testDialog = page.getByRole("dialog", { name: "Send a test email" });
  await testDialog.getByLabel("Send to").fill(tester);
  await testDialog.getByRole("button", { name: "Send test" }).click();
  await expect(testDialog).toHaveCount(0);
  const testMail = await shop.sink.waitForMessage((message) => message.envelopeTo.includes(tester), 20_000);
  expect(testMail.subject).toBe("[Test] Alex, your code is waiting");

  // A step of its own at the end, saved with the start.
  await page.getByRole("button", { name: "Add step" }).click();
  await page.getByRole("menuitem", { name: "Email" }).click();
  const added = page.getByRole("region", { name: "Step 8" });
  await added.getByLabel("Subject").fill("One more thing");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(toast(page)).toHaveText("Success: Automation started");
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await expect(added).toContainText("Email: One more thing");

  // A new subscriber enters within a sweep (a few seconds) and gets the welcome email at once.
  const reader = `${unique("reader")}@flow-shop.example`;
  await subscribe(MAIN, store.id, reader);
  const entered = page.getByText("Entered").locator("xpath=following-sibling::*[1]");
  await expect(async () => {
    await page.reload();
    await expect(entered).toHaveText("1", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/1\. Welcome email .*: reached 1/)).toBeVisible();
  await atPhoneWidth(page);

  await page.getByRole("link", { name: "Automations" }).first().click();
  const row = page.getByRole("row").filter({ hasText: "Welcome series" });
  await expect(row).toContainText("Live");
  await expect(row).toContainText("1");
  await screenshot(page, "flow-list-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByText("Entered: 1")).toBeVisible();
  await screenshot(page, "flow-list-390");
});
