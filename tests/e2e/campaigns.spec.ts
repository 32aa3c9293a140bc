import type { Page } from "@playwright/test";
import { createStore, subscribe, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, sidebarItems, test, toast } from "./support/fixtures";
import { createMember } from "./support/members";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { adminApiForFile, mailingStoreForFile } from "./support/spec-setup";

/**
 * Campaigns from the merchant's side: subscribers imported from a CSV file, a campaign started from the
 * Subscribers screen's filter, composed, previewed on desktop and phone, tested, sent to the store's SMTP
 * server (a sink of this file), followed to the end and measured.
 */
const api = adminApiForFile();
const shop = mailingStoreForFile(api, "Campaign Shop");

const preview = (page: Page) => page.locator('iframe[title="Email preview"]');
const audienceCount = (page: Page) => page.getByTestId("audience-count");

/**
 * The screen at 1440 px, then at 390 px, each width loaded afresh (`shown` says when it is on screen
 * again): in the test browser the sandboxed preview frame comes out blank after a resize and, in a
 * full-page picture, while it is out of view. So on a phone, where the preview is far down, it also gets
 * a picture of its own, scrolled into view. The window is the desktop's again after.
 */
async function screenshots(page: Page, name: string, shown: () => Promise<void>) {
  await screenshot(page, `${name}-1440`);
  await loadAt(page, { width: 390, height: 844 }, shown);
  await screenshot(page, `${name}-390`);
  if ((await preview(page).count()) > 0) {
    await preview(page).scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-390-preview`, { fullPage: false });
  }
  await loadAt(page, { width: 1440, height: 900 }, shown);
}

async function loadAt(page: Page, size: { width: number; height: number }, shown: () => Promise<void>) {
  await page.setViewportSize(size);
  await page.reload();
  await shown();
}

/** Imports `emails` through the Subscribers screen's Import CSV dialog. */
async function importSubscribers(page: Page, emails: string[]) {
  const csv = ["Email,First name", ...emails.map((email, index) => `${email},Reader ${index + 1}`)].join(
    "\n",
  );
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "readers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await dialog.getByLabel("I have consent from everyone in this file to send them marketing email").check();
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog).toContainText(
    `${emails.length} subscribed, 0 recorded as not subscribed, 0 updated, 0 skipped.`,
  );
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);
}

test("a campaign from the Subscribers filter: compose, preview, test, send, follow and measure", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 502/);
  // The whole journey (import, compose, four screenshots, a test, a send and its delivery) in one test.
  test.slow();
  const domain = `${unique("readers")}.example`;
  const readers = ["ada", "brook"].map((name) => `${name}@${domain}`);
  const outsider = `${unique("outsider")}@elsewhere.example`;
  const tester = `${unique("tester")}@campaign-shop.example`;
  const store = shop.store;
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/subscribers`);
  await importSubscribers(page, [...readers, outsider]);

  // The filter on screen becomes the campaign's audience.
  await page.getByLabel("Search").fill(domain);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByRole("row").filter({ hasText: outsider })).toHaveCount(0);
  await page.getByRole("button", { name: "Send campaign" }).click();
  await expect(page).toHaveURL(new RegExp(`/store/${store.id}/campaigns/[0-9a-f-]{36}$`));
  const heading = page.getByRole("heading", { level: 1, name: /^Campaign / });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent()) ?? "";
  await expect(page.getByLabel("Search")).toHaveValue(domain);
  await expect(audienceCount(page)).toHaveText("2 subscribers match");

  // Compose: a subject with a merge tag and a button block moved above the default button.
  await page.getByLabel("Subject").fill("Autumn news for [First Name]");
  // Its own code, which [DISCOUNT_CODE] shows instead of the welcome code.
  const codeField = page.getByLabel("Campaign discount code");
  await expect(codeField).toHaveAttribute("placeholder", "Each subscriber's welcome code");
  await codeField.fill("AUTUMN20");
  await page.getByLabel("Preheader").fill("Your code: [DISCOUNT_CODE]");
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("menuitem", { name: "Button" }).click();
  const blocks = page.getByRole("list", { name: "Content blocks" }).getByRole("listitem");
  const added = blocks.last();
  await added.getByLabel("Button label").fill("See the autumn collection");
  await added.getByLabel("Button link").fill("https://campaign-shop.example.com/collections/autumn");
  const count = await blocks.count();
  await page.getByRole("button", { name: `Move Button block ${count} up` }).click();
  await expect(blocks.nth(count - 2).getByLabel("Button label")).toHaveValue("See the autumn collection");
  await expect(page.getByText("Unsaved changes")).toBeVisible();

  // The preview shows the unsaved email, 600 px wide on desktop and 375 px on a phone.
  await expect(preview(page)).toHaveAttribute("srcdoc", /See the autumn collection/);
  await expect(page.getByTestId("email-preview-subject")).toHaveText("Autumn news for Alex");
  await expect(preview(page)).toHaveAttribute("srcdoc", /Your code: AUTUMN20/);
  await expect.poll(async () => (await preview(page).boundingBox())?.width).toBe(600);
  await screenshot(page, "campaign-editor-unsaved-1440");
  await page.getByRole("button", { name: "Mobile" }).click();
  await expect.poll(async () => (await preview(page).boundingBox())?.width).toBe(375);
  await screenshot(page, "campaign-editor-mobile-preview-1440");
  await page.getByRole("button", { name: "Desktop" }).click();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Campaign saved");
  await expect(page.getByText("All changes saved")).toBeVisible();
  // Saved: a fresh load shows the same email.
  await screenshots(page, "campaign-editor", () =>
    expect(preview(page)).toHaveAttribute("srcdoc", /See the autumn collection/),
  );

  // A test that fails says why in its dialog, beside the address, not in a passing toast.
  const testUrl = `**/api/stores/${store.id}/campaigns/*/test`;
  await page.route(testUrl, (route) =>
    route.fulfill({
      status: 502,
      contentType: "application/json",
      body: JSON.stringify({ message: "The SMTP server refused the test email: 554 relay denied" }),
    }),
  );
  await page.getByRole("button", { name: "Send test" }).click();
  const testDialog = page.getByRole("dialog", { name: "Send a test email" });
  await testDialog.getByLabel("Send to").fill(tester);
  await testDialog.getByRole("button", { name: "Send test" }).click();
  await expect(testDialog.locator(".Polaris-Banner")).toContainText("554 relay denied");
  await expect(toast(page)).toHaveCount(0);
  await screenshot(page, "campaign-test-failed-1440", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "campaign-test-failed-390", { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.unroute(testUrl);

  // A test goes to one address only, through the store's SMTP server.
  await testDialog.getByRole("button", { name: "Send test" }).click();
  await expect(toast(page)).toContainText(`Success: Test email sent to ${tester}.`);
  await expect(testDialog).toHaveCount(0);
  const testMail = await shop.sink.waitForMessage((message) => message.envelopeTo.includes(tester), 20_000);
  expect(testMail.html || "").toContain("AUTUMN20");

  // Send now, then follow the progress to the end.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const sendDialog = page.getByRole("dialog", { name: "Send campaign" });
  await expect(sendDialog).toContainText("Send to 2 subscribers now?");
  await sendDialog.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("heading", { name: "Delivery" })).toBeVisible();
  await expect(page.getByTestId("campaign-progress")).toHaveText("2 of 2 sent", { timeout: 30_000 });
  await expect(page.getByText("Done", { exact: true })).toBeVisible();
  const received = [];
  for (const reader of readers) {
    received.push(await shop.sink.waitForMessage((message) => message.envelopeTo.includes(reader), 20_000));
  }
  expect(shop.sink.messages.filter((message) => message.envelopeTo.includes(outsider))).toHaveLength(0);

  // A reader follows the new button's tracked link; the results count it.
  const tracked = (received[0]?.text ?? "").match(/https?:\/\/\S+\/t\/[\w-]+/)?.[0];
  expect(tracked, "a tracked link in the campaign's text part").toBeDefined();
  const click = await page.request.get(tracked ?? "", { maxRedirects: 0 });
  expect(click.headers().location).toContain("/collections/autumn");
  await page.reload();
  const results = page
    .locator(".Polaris-ShadowBevel")
    .filter({ has: page.getByRole("heading", { name: "Results" }) });
  const figure = (label: string) => results.getByText(label, { exact: true }).locator("xpath=..");
  await expect(figure("Delivered")).toContainText("2");
  await expect(figure("Unique clicks")).toContainText("1");
  await expect(figure("Click rate")).toContainText("50.0%");
  const chart = results.getByRole("img", { name: /^Clicks per day: 1 click over 1 day/ });
  await expect(chart).toBeVisible();
  await screenshots(page, "campaign-stats", () => expect(chart).toBeVisible());

  // The list shows it with its figures.
  await page.getByRole("link", { name: "Campaigns" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  const row = page
    .getByRole("row")
    .filter({ hasText: /^Campaign / })
    .first();
  await expect(row).toContainText("Sent");
  await expect(row).toContainText("2");
  await screenshots(page, "campaign-list", () =>
    expect(page.getByRole("link", { name, exact: true })).toBeVisible(),
  );
});

test("the empty list, Create campaign, and a refusal shown as a banner", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of (409|422)/);
  const store = await createStore(api, {
    name: unique("Quiet Shop"),
    shopifyUrl: "https://quiet-shop.example.com",
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/campaigns`);
  await expect(page.getByText("No campaigns yet")).toBeVisible();

  // The sending speed and the quiet hours: the server's limits, then saved values that a reload shows.
  const speed = page.getByLabel("Messages per second");
  await expect(speed).toHaveValue("10");
  await speed.fill("0");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Sending speed must be between 1 and 1000 messages per second")).toBeVisible();
  await speed.fill("250");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(page)).toHaveText("Success: Sending speed saved");
  await page.getByLabel("Hold automation emails during quiet hours").check();
  await page.getByLabel("Until").selectOption("21");
  await page.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(page.getByText("Quiet hours must end at a different hour than they start")).toBeVisible();
  await page.getByLabel("Until").selectOption("8");
  await page.getByLabel("Time zone").selectOption("Europe/Berlin");
  await page.getByRole("button", { name: "Save quiet hours" }).click();
  await expect(toast(page).filter({ hasText: "Success: Quiet hours saved" })).toBeVisible();
  await screenshots(page, "campaign-list-empty", async () => {
    await expect(page.getByText("No campaigns yet")).toBeVisible();
    await expect(page.getByLabel("Messages per second")).toHaveValue("250");
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/Berlin");
  });

  await page.getByRole("button", { name: "Create campaign" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create campaign" });
  await dialog.getByRole("button", { name: "Create campaign" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await dialog.getByLabel("Campaign name").fill("Winter sale");
  await dialog.getByLabel("Subject").fill("Our winter sale starts today");
  await dialog.getByRole("button", { name: "Create campaign" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Winter sale" })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("Our winter sale starts today");

  // A block the server refuses keeps the campaign unsaved, with the reason on the block's field.
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("menuitem", { name: "Text" }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const emptyText = page.getByRole("list", { name: "Content blocks" }).getByRole("listitem").last();
  await expect(emptyText.getByText("Block text is required")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  // Removing it puts the campaign back as saved.
  await page.getByRole("button", { name: "Remove Text block 3" }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();

  // This store has no postal address in its email footer: the campaign cannot be sent until it has one.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const sendDialog = page.getByRole("dialog", { name: "Send campaign" });
  await expect(sendDialog).toContainText(
    "Add your postal address (Header, colours and footer → Company address) before sending",
  );
  await expect(sendDialog.getByRole("button", { name: "Send now" })).toBeDisabled();
  await screenshot(page, "campaign-no-postal-address-1440");
  await sendDialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByLabel("Company address").fill("1 Harbour Street, Springfield");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved")).toBeVisible();

  // Nor email settings: the server refuses, and the screen says why.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(sendDialog.getByText("No subscriber matches this campaign's audience yet")).toBeVisible();
  await sendDialog.getByRole("button", { name: "Send now" }).click();
  await expect(page.locator(".Polaris-Banner")).toContainText(
    "Set up the store's email (Settings → Email configuration) before sending",
  );
  await screenshot(page, "campaign-refused-1440");
});

test("a scheduled campaign waits, and cancelling its schedule makes it a draft again", async ({ page }) => {
  const store = shop.store;
  await subscribe(MAIN, store.id, `${unique("early")}@scheduled-readers.example`);
  const campaign = await api.post<{ id: string }>(`/api/stores/${store.id}/campaigns`, {
    name: unique("Scheduled news"),
    subject: "Coming soon",
    audience: { from: null, to: null, search: "scheduled-readers", codeUsed: "any", confirmedOnly: false },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/campaigns/${campaign.id}`);

  await page.getByRole("button", { name: "Send", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Send campaign" });
  await dialog.getByLabel("Schedule for later").check();
  await expect(dialog.getByRole("button", { name: "Schedule" })).toBeVisible();
  // The browser runs in UTC (playwright.config.ts): tomorrow at 09:00 is typed as such.
  const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Send at").fill(`${tomorrow}T09:00`);
  await dialog.getByRole("button", { name: "Schedule" }).click();

  await expect(page.getByRole("heading", { name: "Scheduled", exact: true })).toBeVisible();
  await expect(page.getByText(`Goes out on`)).toContainText("09:00 UTC");
  await screenshot(page, "campaign-scheduled-1440");
  await page.getByRole("button", { name: "Cancel schedule" }).click();
  await expect(toast(page)).toHaveText("Success: Schedule cancelled: the campaign is a draft again");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("Coming soon");
});

test("a send in progress pauses and resumes, and nobody gets it twice", async ({ page }) => {
  const store = shop.store;
  const domain = `${unique("paused")}.example`;
  const readers = ["cleo", "dario"].map((name) => `${name}@${domain}`);
  for (const reader of readers) {
    await subscribe(MAIN, store.id, reader);
    // The welcome email goes first, so that holding the SMTP server below holds only the campaign.
    await shop.sink.waitForMessage((message) => message.envelopeTo.includes(reader), 20_000);
  }
  const subject = unique("Paused news");
  const campaign = await api.post<{ id: string }>(`/api/stores/${store.id}/campaigns`, {
    name: subject,
    subject,
    audience: { from: null, to: null, search: domain, codeUsed: "any", confirmedOnly: false },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/campaigns/${campaign.id}`);

  // The SMTP server leaves the first message unanswered: the campaign stays "sending" until it is let go.
  await shop.sink.setMode("hold");
  try {
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Send campaign" })
      .getByRole("button", { name: "Send now" })
      .click();
    await expect(page.getByTestId("campaign-progress")).toHaveText("0 of 2 sent");
    await screenshot(page, "campaign-sending-1440");
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(toast(page)).toHaveText("Success: Sending paused");
    await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
    await screenshot(page, "campaign-paused-1440");
  } finally {
    await shop.sink.setMode("accept");
  }
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(toast(page)).toHaveText("Success: Sending resumed");
  await expect(page.getByTestId("campaign-progress")).toHaveText("2 of 2 sent", { timeout: 30_000 });
  for (const reader of readers) {
    await shop.sink.waitForMessage(
      (message) => message.envelopeTo.includes(reader) && message.subject === subject,
    );
    const copies = shop.sink.messages.filter(
      (message) => message.envelopeTo.includes(reader) && message.subject === subject,
    );
    expect(copies, reader).toHaveLength(1);
  }
});

test("a member with only Manage Campaigns has Campaigns and Automations in the sidebar and can write one", async ({
  page,
}) => {
  const member = { email: `${unique("writer")}@e2e.test`, password: "writer-password-1" };
  await createMember(MAIN, { ...member, permissions: { manage_campaigns: true } });
  await login(page, member.email, member.password);
  await expect(sidebarItems(page)).toHaveText(["Dashboard", "Campaigns", "Automations"]);
  await page.locator("nav.Polaris-Navigation").getByRole("link", { name: "Campaigns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Campaigns" })).toBeVisible();
  await page.goto(`/store/${shop.store.id}/campaigns`);
  await page.getByRole("button", { name: "Create campaign" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create campaign" });
  await dialog.getByLabel("Campaign name").fill(unique("Member news"));
  await dialog.getByLabel("Subject").fill("From the team");
  await dialog.getByRole("button", { name: "Create campaign" }).click();
  // The sender comes from the email settings, which this member cannot open.
  await expect(page.getByLabel("From name")).toHaveAttribute("placeholder", "Campaign Shop");
});
