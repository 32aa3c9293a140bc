import type { Page } from "@playwright/test";
import { unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN } from "./support/servers";
import { adminApiForFile, mailingStoreForFile } from "./support/spec-setup";

/**
 * The template editor shows where errors are, keeps unsaved work, previews the subject line and sends
 * the template as a test email; Settings keeps unsaved email settings too.
 */
test.describe.configure({ mode: "serial" });

const api = adminApiForFile();
const shop = mailingStoreForFile(api, "Editor Shop");

const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

test("errors are marked on their tab, the subject is previewed, unsaved work is kept, a test email goes out", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/email-templates`);
  await expect(page.getByTestId("email-preview-subject")).toHaveText(
    "Thank you for subscribing! Here is your 15% discount",
  );

  // An error on the Design tab shows on that tab while another is open, and the save is refused.
  await page.getByRole("tab", { name: "Design" }).click();
  await page.getByLabel("Primary colour", { exact: true }).fill("#12");
  await page.getByRole("tab", { name: "Content" }).click();
  await expect(page.getByRole("tab", { name: "Design, 1 error" })).toBeVisible();
  await page.getByRole("button", { name: "Save Template" }).click();
  await expect(toast(page)).toHaveText(
    "Template not saved: Correct the fields marked in red (the tabs show where)",
  );
  await screenshot(page, "template-editor-tab-error");
  await page.getByRole("tab", { name: "Design, 1 error" }).click();
  await page.getByLabel("Primary colour", { exact: true }).fill("#123456");
  await expect(page.getByRole("tab", { name: "Design", exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Content" }).click();

  // The subject line is previewed as sent.
  const subject = unique("Welcome [First Name]");
  await page.getByLabel("Subject").fill(subject);
  await expect(page.getByTestId("email-preview-subject")).toHaveText(subject.replace("[First Name]", "Alex"));

  // Leaving with unsaved edits asks first; Stay keeps them.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(leaveDialog(page)).toBeVisible();
  await screenshot(page, "template-editor-leave-guard");
  await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
  await expect(page.getByLabel("Subject")).toHaveValue(subject);

  // Send test email: the template as edited, to the signed-in person.
  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(toast(page)).toContainText(`Test email sent to ${ADMIN.email}`);
  const mail = await shop.sink.waitForMessage((message) => message.envelopeTo.includes(ADMIN.email), 20_000);
  expect(mail.subject).toBe(subject.replace("[First Name]", "Alex"));

  await page.getByRole("button", { name: "Save Template" }).click();
  await expect(toast(page)).toHaveText("Success: Email template updated successfully");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "template-editor-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  // Saved: leaving no longer asks.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).toHaveURL(/dashboard/);
  await expect(leaveDialog(page)).toHaveCount(0);
});

/** Each Settings card with its own Save: an unsaved edit in any of them makes leaving ask first. */
const unsavedSettingsEdits: { card: string; edit: (page: Page) => Promise<void> }[] = [
  { card: "Email configuration", edit: (page) => page.getByLabel("From name").fill("Unsaved Name") },
  {
    card: "Notification settings",
    edit: (page) => page.getByLabel("Daily subscriber summary").click(),
  },
  { card: "Social links", edit: (page) => page.getByLabel("Instagram").fill("instagram.com/unsaved") },
  {
    card: "General settings",
    edit: async (page) => {
      await page.getByRole("button", { name: "Edit Store name" }).click();
      await page.getByLabel("Store name").fill("Unsaved store name");
    },
  },
];

for (const { card, edit } of unsavedSettingsEdits) {
  test(`Settings asks before leaving unsaved ${card}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/settings`);
    await edit(page);
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/dashboard/);
  });
}

test("Settings lets you leave once the edit is saved", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/settings`);
  await page.getByLabel("Daily subscriber summary").click();
  await page.getByRole("button", { name: "Save notification settings" }).click();
  await expect(toast(page)).toHaveText("Success: Notification settings saved");
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page).toHaveURL(/dashboard/);
  await expect(leaveDialog(page)).toHaveCount(0);
});

test("every tab of the editor shows whole at 1440 and 390 px, an error count included", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/email-templates`);
  await page.getByRole("tab", { name: "Design" }).click();
  await page.getByLabel("Primary colour", { exact: true }).fill("#12");
  await page.getByRole("tab", { name: "Content" }).click();
  await expect(page.getByRole("tab", { name: "Design, 1 error" })).toBeVisible();

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const tabs = page.getByRole("tablist").getByRole("tab");
    await expect(tabs).toHaveCount(5);
    const clipped = await tabs.evaluateAll((elements) =>
      elements.flatMap((tab) => {
        const list = tab.closest('[role="tablist"]')?.parentElement?.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        const cut = tab.scrollWidth > tab.clientWidth + 1;
        const outside = !list || box.left < list.left - 1 || box.right > list.right + 1;
        return cut || outside || box.width === 0 ? [tab.textContent ?? ""] : [];
      }),
    );
    expect(clipped, `tabs cut off at ${width} px`).toEqual([]);
    await page.getByRole("tablist").screenshot({ path: `tests/e2e/screenshots/template-tabs-${width}.png` });
  }
  await screenshot(page, "template-editor-tabs-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await screenshot(page, "template-editor-tabs-1440");
});

test("an empty company address is called out above the editor until one is typed", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/email-templates`);
  await page.getByRole("tab", { name: "Address" }).click();
  const address = page.getByLabel("Company address");
  const nudge = page.getByText("Add your postal address", { exact: true });
  await address.fill("");
  await expect(nudge).toBeVisible();
  await expect(page.getByText(/require a physical postal address in every marketing email/)).toBeVisible();
  await screenshot(page, "template-editor-address-nudge");
  await address.fill("1 Harbour Street\nSpringfield, OR 97477");
  await expect(nudge).toHaveCount(0);
});
