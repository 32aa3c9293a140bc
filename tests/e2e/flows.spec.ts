import type { Page } from "@playwright/test";
import { createStore, subscribe, unique } from "./support/api";
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

type SavedFlow = { id: string; timeZone: string; steps: { id: string; otherwise?: string | null }[] };

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
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/flows`);
  await expect(page.getByText("No automations yet")).toBeVisible();
  await page.getByRole("button", { name: "Add welcome series" }).first().click();

  await expect(page.getByRole("heading", { name: "Welcome series" })).toBeVisible();
  const reminder = page.getByRole("region", { name: "Step 4" });
  await expect(reminder).toContainText("Email: Your [OFFER] is still waiting");
  await reminder.getByRole("button", { name: "Edit" }).click();
  await reminder.getByLabel("Subject").fill("[First Name], your code is waiting");
  await expect(page.getByTestId("email-preview-subject")).toHaveText("Alex, your code is waiting");
  await expect.poll(async () => (await preview(page).boundingBox())?.width).toBe(600);
  await page.getByRole("button", { name: "Mobile" }).click();
  await expect.poll(async () => (await preview(page).boundingBox())?.width).toBe(375);
  await page.getByRole("button", { name: "Desktop" }).click();
  await expect(
    preview(page)
      .contentFrame()
      .getByText(/Your welcome code is still unused/),
  ).toBeVisible();
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

test("a live flow's condition skips ahead, its steps move (a condition's target kept after it) and its time zone is saved", async ({
  page,
}) => {
  const store = await createStore(api, {
    name: unique("Flow Order Shop"),
    shopifyUrl: "https://flow-order.example.com",
  });
  await api.put(`/api/stores/${store.id}/email-template`, {
    companyAddress: "1 Harbour Street, Springfield",
  });
  const flowPath = (id: string) => `/api/stores/${store.id}/flows/${id}`;
  const { id } = await api.post<SavedFlow>(`/api/stores/${store.id}/flows`, { template: "welcome-series" });
  await api.put(flowPath(id), { status: "live" });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/flows/${id}`);

  // Step 3 ("has not used their code") skips, otherwise, only to a later step.
  const condition = page.getByRole("region", { name: "Step 3" });
  await condition.getByRole("button", { name: "Edit" }).click();
  const otherwise = condition.getByLabel("Otherwise");
  await expect(otherwise.locator("option")).toHaveText([
    "End here",
    /^Skip to step 4 \(Email: /,
    "Skip to step 5 (Wait until 1 day before the code ends)",
    /^Skip to step 6 \(Go on only if/,
    "Skip to step 7 (Email: Your code expires tomorrow)",
  ]);
  await otherwise.selectOption({ label: "Skip to step 5 (Wait until 1 day before the code ends)" });
  await expect(condition).toContainText("otherwise skip to step 5");
  await expect(condition).toContainText("Changed: nobody on their way is before this step");

  // The wait moved up twice lands above the condition, which says so until it skips to a later step.
  await page.getByRole("button", { name: "Move step 5 up" }).click();
  await page.getByRole("button", { name: "Move step 4 up" }).click();
  const moved = page.getByRole("region", { name: "Step 4" });
  await expect(page.getByRole("region", { name: "Step 3" })).toContainText(
    "Wait until 1 day before the code ends",
  );
  await expect(moved).toContainText("Step 3 is now above this condition");
  await screenshot(page, "flow-steps-moved-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowSideways(page)).toEqual({ scrollWidth: 390, innerWidth: 390, offenders: [] });
  await moved.getByLabel("Otherwise").scrollIntoViewIfNeeded();
  await screenshot(page, "flow-steps-moved-390", { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await moved
    .getByLabel("Otherwise")
    .selectOption({ label: "Skip to step 7 (Email: Your code expires tomorrow)" });
  await expect(moved).not.toContainText("is now above this condition");

  await page.getByLabel("Time zone").selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Automation saved");

  const saved = await api.get<SavedFlow>(flowPath(id));
  expect(saved.timeZone).toBe("Europe/Paris");
  expect(saved.steps.map((step) => step.id)).toEqual([
    "welcome",
    "wait-3-days",
    "day-before-end",
    "code-unused",
    "reminder",
    "still-unused",
    "expires-tomorrow",
  ]);
  expect(saved.steps[3]?.otherwise).toBe("expires-tomorrow");
});
