import type { Page } from "@playwright/test";
import { findLink, type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { type AppApi, apiAs, createStore, type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

/**
 * A store's own mail, end to end: its SMTP settings point at a real SMTP server this spec runs on
 * 127.0.0.1 (the e2e servers allow private SMTP hosts, ALLOW_PRIVATE_NETWORK_TARGETS=true), its
 * welcome template is edited, a subscription on the demo page sends the welcome email, and the
 * click on its tracked link shows in Email Analytics. The steps build on each other, so they run in
 * order on one store.
 */
test.describe.configure({ mode: "serial" });

let sink: SmtpSink;
let api: AppApi;
let store: Store;
const fromEmail = `${unique("news")}@mail-spec.example`;
const marker = unique("Thanks for joining the insiders club");
const subjectTemplate = () => `Welcome to ${store.name}: your code [DISCOUNT_CODE]`;

test.beforeAll(async () => {
  sink = await startSmtpSink();
  api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
  store = await createStore(api, { name: unique("Mail Shop"), shopifyUrl: "https://mail-shop.example.com" });
  // A welcome email carries the offer: it waits for the postal address of the email footer.
  await api.put(`/api/stores/${store.id}/email-template`, {
    companyAddress: "1 Harbour Street, Springfield",
  });
});

test.afterAll(async () => {
  await api?.dispose();
  await sink?.stop();
});

function emailPreview(page: Page) {
  return page.locator('iframe[title="Email preview"]');
}

test("Settings → Email configuration: save, send a test email, edit the SMTP password", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByText("Not configured", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test email" })).toBeDisabled();

  await page.getByLabel("SMTP host").fill("127.0.0.1");
  await page.getByLabel("SMTP port").fill(new URL(sink.url).port);
  await page.getByLabel("From email").fill(fromEmail);
  await page.getByLabel("From name").fill("Mail Shop Team");
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(toast(page)).toHaveText("Success: Email settings saved");
  // Saved is not working: "Configured" waits for a test email that goes through.
  await expect(page.getByText("Saved — send a test email to verify", { exact: true })).toBeVisible();

  // The test asks where to go, offering the signed-in person's own address, and really goes through the
  // SMTP server, whose answer the banner shows.
  await page.getByRole("button", { name: "Send test email" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await expect(dialog.getByLabel("Send to")).toHaveValue(ADMIN.email);
  const testTo = `${unique("tester")}@mail-spec.example`;
  await dialog.getByLabel("Send to").fill(testTo);
  await dialog.getByRole("button", { name: "Send test" }).click();
  await expect(dialog).toBeHidden();
  const banner = page.locator(".Polaris-Banner");
  await expect(banner).toContainText(`Test email sent to ${testTo}. The server answered: 250`);
  const testMail = await sink.waitForMessage(
    (message) => message.subject === `Test email from ${store.name}`,
  );
  expect(testMail.envelopeTo).toEqual([testTo]);
  expect(testMail.from?.text).toContain("Mail Shop Team");
  await expect(page.getByText("Configured", { exact: true })).toBeVisible();

  // The SMTP password: read-only, Edit → field → Cancel, then Edit → field → Save shows it masked.
  const readOnlyPassword = page.getByRole("textbox", { name: "SMTP password" });
  await expect(readOnlyPassword).toHaveValue("Not set");
  await page.getByRole("button", { name: "Edit SMTP password" }).click();
  const passwordField = page.getByLabel("SMTP password");
  await expect(passwordField).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await passwordField.fill("typed-then-cancelled");
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(readOnlyPassword).toHaveValue("Not set");

  await page.getByRole("button", { name: "Edit SMTP password" }).click();
  await page.getByLabel("SMTP password").fill("sink-secret-9876");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Email settings saved");
  // Nothing of the password shows, not even its length.
  await expect(readOnlyPassword).toHaveValue("••••••••");
  await screenshot(page, "email-settings-card");
});

test("Email Templates: edits re-render the preview, 'Save Template' keeps them", async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/email-templates`);
  await expect(page.getByRole("heading", { level: 1, name: "Email Templates" })).toBeVisible();
  // The saved template is previewed on load.
  await expect(emailPreview(page)).toHaveAttribute("srcdoc", /Welcome to our newsletter!/);

  await page.getByLabel("Subject").fill(subjectTemplate());
  await page
    .getByLabel("Body")
    .fill(`Hi [First Name],\n\n${marker}. Your code is [DISCOUNT_CODE].\n\nSee you soon at the shop.`);
  // About 500 ms after the last edit the preview shows the new body, placeholders filled in.
  await expect(emailPreview(page)).toHaveAttribute(
    "srcdoc",
    new RegExp(`${marker}\\. Your code is WELCOME15`),
  );
  await screenshot(page, "email-template-content");

  await page.getByRole("button", { name: "Mobile" }).click();
  await expect(emailPreview(page)).toHaveCSS("width", "375px");
  await screenshot(page, "email-template-preview-mobile");
  await page.getByRole("button", { name: "Desktop" }).click();

  await page.getByRole("tab", { name: "Design" }).click();
  await expect(page.getByText("Primary colour", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Header logo URL")).toBeVisible();
  await screenshot(page, "email-template-design");

  await page.getByRole("button", { name: "Save Template" }).click();
  await expect(toast(page)).toHaveText("Success: Email template updated successfully");
  const saved = await api.get<{ subject: string; bodyContent: string }>(
    `/api/stores/${store.id}/email-template`,
  );
  expect(saved.subject).toBe(subjectTemplate());
  expect(saved.bodyContent).toContain(marker);
});

test("a subscription on the demo page sends the edited welcome email; its tracked link shows as Clicked", async ({
  page,
  request,
}) => {
  const reader = `${unique("reader")}@acme-corp.example`;
  const configLoaded = page.waitForResponse((response) => response.url().includes("/popup") && response.ok());
  await page.goto(`/demo/${store.id}`);
  await configLoaded;
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await popup.getByLabel("Email address").fill(reader);
  await popup.getByRole("button", { name: "SUBMIT" }).click();
  await expect(popup.getByLabel("Discount code")).toHaveValue("WELCOME15");

  // The welcome email reaches the store's SMTP server, from the store's address.
  const welcome = await sink.waitForMessage((message) => message.envelopeTo.includes(reader), 20_000);
  expect(welcome.subject).toBe(`Welcome to ${store.name}: your code WELCOME15`);
  expect(welcome.from?.value[0]?.address).toBe(fromEmail);
  expect(welcome.html || "").toContain(marker);
  expect(welcome.html || "").toContain("WELCOME15");

  // Its links go through /t/…: following one records the click and redirects with the UTM parameters.
  const tracked = /href="([^"]*\/t\/[^"]+)"/.exec(welcome.html || "")?.[1] ?? findLink(welcome, "/t/");
  if (!tracked) throw new Error("no tracked link in the welcome email");
  expect(new URL(tracked).origin).toBe(MAIN.baseURL);
  const click = await request.get(tracked, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  const target = new URL(click.headers().location ?? "");
  expect(target.searchParams.get("utm_source")).toBe("newsletter");
  expect(target.searchParams.get("utm_medium")).toBe("email");
  expect(target.searchParams.get("utm_campaign")).toBe("welcome-discount");

  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/email-analytics`);
  await expect(page.getByRole("heading", { level: 1, name: "Email Analytics" })).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: reader });
  const clicked = rows.filter({ hasText: "Clicked" });
  await expect(clicked).toHaveCount(1);
  await expect(clicked.getByRole("cell").nth(6)).toHaveText("1");
  await expect(rows.filter({ hasText: "Sent" })).toHaveCount((await rows.count()) - 1);
  await screenshot(page, "email-analytics");

  // On a phone each record is a block with every column on screen, nothing cut off at the side.
  const recordCount = await rows.count();
  await page.setViewportSize({ width: 390, height: 844 });
  const blocks = page.getByRole("list", { name: "Analytics records" }).getByRole("listitem");
  await expect(blocks.filter({ hasText: reader })).toHaveCount(recordCount);
  const clickedBlock = blocks.filter({ hasText: reader }).filter({ hasText: "Clicked" });
  await expect(clickedBlock).toContainText("Clicks: 1");
  await expect(clickedBlock).toContainText("IP:");
  await clickedBlock.scrollIntoViewIfNeeded();
  await expect(clickedBlock.getByRole("button", { name: /^Delete the record for/ })).toBeInViewport({
    ratio: 1,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await screenshot(page, "email-analytics-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  // Back at desktop width the table returns once the layout has switched; count it only then.
  await expect(rows).toHaveCount(recordCount);
  const before = recordCount;
  await clicked.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete Selected (1)" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete analytics record" });
  await expect(
    confirm.getByText("Are you sure you want to delete this analytics record? This action cannot be undone."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toHaveText("Success: Successfully deleted 1 analytics records");
  await expect(clicked).toHaveCount(0);
  await expect(rows).toHaveCount(before - 1);
  await screenshot(page, "email-analytics-after-delete");
});
