import { readFile } from "node:fs/promises";
import {
  MAILCHIMP_SUBSCRIBED,
  MAILCHIMP_UNSUB_COLUMNS,
  mailchimpRow,
  vendorFile,
  zipOf,
} from "../support/builders/vendor-exports";
import { apiAs, createStore, type Store, subscribe, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { createOrganization, markCouponUsed } from "./support/members";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";

/**
 * The Subscribers screen: filters evaluated on the server, the detail dialog, delete, CSV export and
 * the coupon-sync button. Each test uses an organization of its own, so counts are exact.
 */

type Setup = { account: { email: string; password: string }; store: Store; emails: string[] };

async function organizationWithSubscribers(
  label: string,
  integrationType: "typical" | "shopify" = "typical",
): Promise<Setup> {
  const account = {
    name: unique(`${label} Org`),
    email: `${unique(label)}@e2e.test`,
    password: `${label}-password-1`,
  };
  await createOrganization(MAIN, account);
  const api = await apiAs(MAIN, account.email, account.password);
  try {
    const store = await createStore(api, {
      name: unique("Subscriber Shop"),
      shopifyUrl:
        integrationType === "shopify"
          ? `https://${unique("subscribers")}.myshopify.com`
          : "https://subscribers.example.com",
      integrationType,
    });
    const emails = ["alpha", "bravo", "charlie"].map((name) => `${name}-${unique("s")}@acme-corp.example`);
    for (const email of emails) await subscribe(MAIN, store.id, email);
    return { account, store, emails };
  } finally {
    await api.dispose();
  }
}

const rowOf = (page: import("@playwright/test").Page, email: string) =>
  page.getByRole("row").filter({ hasText: email });

test("filters on the server, keeps them in the URL, and shows coupon states", async ({ page }) => {
  const { account, store, emails } = await organizationWithSubscribers("filters");
  const [alpha = "", bravo = ""] = emails;
  await markCouponUsed(MAIN, store.id, alpha);
  await login(page, account.email, account.password, `/store/${store.id}/subscribers`);
  for (const email of emails) await expect(rowOf(page, email)).toBeVisible();
  await expect(rowOf(page, alpha)).toContainText("Used");
  await expect(rowOf(page, bravo)).toContainText("Pending");
  await screenshot(page, "subscribers-list");

  await page.getByLabel("Search").fill("bravo");
  await expect(page).toHaveURL(/search=bravo/);
  await expect(rowOf(page, bravo)).toBeVisible();
  await expect(rowOf(page, alpha)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue("bravo");
  await expect(rowOf(page, alpha)).toHaveCount(0);
  await page.getByLabel("Status").selectOption("unsubscribed");
  await expect(page.getByText("No subscribers match these filters")).toBeVisible();
  await screenshot(page, "subscribers-no-match");
  await page.getByRole("button", { name: "Clear filters" }).click();
  for (const email of emails) await expect(rowOf(page, email)).toBeVisible();
});

test("shows a subscriber's details, deletes one after confirmation, exports the rest", async ({ page }) => {
  const { account, store, emails } = await organizationWithSubscribers("details");
  const [alpha = "", bravo = ""] = emails;
  await login(page, account.email, account.password, `/store/${store.id}/subscribers`);

  await page.getByRole("button", { name: `View ${alpha}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(alpha);
  await expect(dialog).toContainText("Subscriber ID");
  await expect(dialog.getByText(/^[0-9a-f]{8}…$/).first()).toBeVisible();
  await screenshot(page, "subscribers-detail");
  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: `Delete ${bravo}` }).click();
  await expect(
    page.getByText(`Are you sure you want to delete ${bravo}? This action cannot be undone.`),
  ).toBeVisible();
  await screenshot(page, "subscribers-delete-confirmation");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toHaveText(/Subscriber deleted/);
  await expect(rowOf(page, bravo)).toHaveCount(0);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^subscribers-.+\.csv$/);
  const csv = await readFile(await file.path(), "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain("Email");
  expect(lines).toHaveLength(3);
  expect(lines.join("\n")).toContain(alpha);
  expect(lines.join("\n")).not.toContain(bravo);
});

test("offers the coupon sync while codes wait to be used, and explains why it cannot run unconnected", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/422/);
  const { account, store } = await organizationWithSubscribers("sync", "shopify");
  await login(page, account.email, account.password, `/store/${store.id}/subscribers`);
  await page.getByRole("button", { name: "Sync coupon usage" }).click();
  await expect(toast(page)).toHaveText(
    "Sync Failed: Connect this store to Shopify (Settings) to sync coupon usage",
  );
  await screenshot(page, "subscribers-sync-failed");
});

test("a typical website's subscribers offer no coupon sync (there is no Shopify to read usage from)", async ({
  page,
}) => {
  const { account, store, emails } = await organizationWithSubscribers("no-sync");
  await login(page, account.email, account.password, `/store/${store.id}/subscribers`);
  await expect(rowOf(page, emails[0] ?? "")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sync coupon usage" })).toHaveCount(0);
});

test("imports a CSV file through the mapping step: guessed columns the merchant changes, consent kept, rows listed", async ({
  page,
}) => {
  const { account, store, emails } = await organizationWithSubscribers("import");
  const [alpha = ""] = emails;
  const yes = `delta-${unique("i")}@acme-corp.example`;
  const no = `echo-${unique("i")}@acme-corp.example`;
  const shopifyExport = [
    "First Name,Last Name,Email,Company,City,Zip,Country,Accepts Email Marketing,Total Spent,Tags",
    `Delta,Dunn,${yes},Dunn & Co,Paris,75001,France,yes,12.00,vip`,
    `Alpha,Adams,${alpha},,Lyon,69001,France,no,0.00,`,
    "Nobody,,not-an-address,,,,,yes,0.00,",
    `"Echo ""E""",Smith,${no},,"Rome",00100,Italy,no,3.00,`,
  ].join("\r\n");
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, account.email, account.password, `/store/${store.id}/subscribers`);

  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog");
  const importButton = dialog.getByRole("button", { name: "Import", exact: true });
  const fileInput = dialog.locator('input[type="file"]');

  // A file that says nothing of consent: the merchant must say they hold it before importing.
  await fileInput.setInputFiles({
    name: "mine.csv",
    mimeType: "text/csv",
    buffer: Buffer.from("email\r\nx@acme-corp.example\r\n"),
  });
  await expect(dialog).toContainText("This file has no consent column");
  await expect(importButton).toBeDisabled();
  await dialog.getByLabel("I have consent from everyone in this file to send them marketing email").check();
  await expect(importButton).toBeEnabled();

  // Two consent columns that may disagree: none is guessed, the merchant picks the one to trust.
  await fileInput.setInputFiles({
    name: "two-consents.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "email,Accepts Marketing,Email Marketing Consent\r\ny@acme-corp.example,no,SUBSCRIBED\r\n",
    ),
  });
  await expect(dialog).toContainText("Choose the consent column");
  await expect(dialog).toContainText(
    "This file has two consent columns, “Accepts Marketing” and “Email Marketing Consent”: choose which one says whether a person agreed to emails in the mapping step.",
  );
  await expect(dialog).not.toContainText("I have consent from everyone");
  await expect(importButton).toBeDisabled();
  await dialog.getByLabel("Email Marketing Consent").selectOption("consent");
  await expect(dialog).toContainText("Consent is read from “Email Marketing Consent”");
  await expect(importButton).toBeEnabled();

  await fileInput.setInputFiles({
    name: "customers_export.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(shopifyExport),
  });
  await expect(dialog).toContainText("Shopify customers export");
  await expect(dialog).toContainText("Consent is read from “Accepts Email Marketing”");
  await expect(dialog.getByLabel("Last name")).toHaveValue("lastName");
  await expect(dialog.getByLabel("Accepts Email Marketing")).toBeDisabled();
  await expect(dialog.getByLabel("Total Spent")).toHaveValue("skip");
  // The merchant's own choices: no company, and two columns for one meaning are refused until fixed.
  await dialog.getByLabel("Company").selectOption("skip");
  await dialog.getByLabel("Zip").selectOption("city");
  await expect(dialog).toContainText("Two columns are mapped to City: keep one.");
  await expect(importButton).toBeDisabled();
  await dialog.getByLabel("Zip").selectOption("zipCode");
  await screenshot(page, "subscribers-import-mapping-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "subscribers-import-mapping-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await importButton.click();

  await expect(dialog).toContainText(
    "1 subscribed, 1 recorded as not subscribed, 1 updated, 0 skipped, 1 refused.",
  );
  await expect(dialog).toContainText("Consent was read from “Accepts Email Marketing”.");
  await expect(dialog).toContainText(`Line 5: ${no} — Not subscribed: Accepts Email Marketing: no`);
  await expect(dialog).toContainText(`Line 3: ${alpha} — Already on the list`);
  await expect(dialog).toContainText("Line 4: not-an-address: Please enter a valid email address");
  await expect(dialog.getByRole("button", { name: "Download the report (3 rows)" })).toBeVisible();
  await screenshot(page, "subscribers-import-summary-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "subscribers-import-summary-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);

  await expect(rowOf(page, yes)).toContainText("Delta Dunn");
  await expect(rowOf(page, yes)).toContainText("Active");
  await expect(rowOf(page, no)).toContainText("Unsubscribed");
  await expect(rowOf(page, no)).toContainText('Echo "E" Smith');
  await page.getByRole("button", { name: `View ${yes}` }).click();
  await expect(page.getByRole("dialog")).toContainText(
    "Import of customers_export.csv (Shopify customers export)",
  );
  await expect(page.getByRole("dialog")).toContainText("Accepts Email Marketing: yes");
  await screenshot(page, "subscribers-imported-detail");
});

test("imports Mailchimp's audience ZIP as it comes: each file by its own status, an opt-out on the list honoured", async ({
  page,
}) => {
  const { account, store, emails } = await organizationWithSubscribers("mailchimp");
  const [leaver = ""] = emails;
  const joiner = `foxtrot-${unique("z")}@acme-corp.example`;
  const optedIn = "2026-01-05 10:00:00";
  // Mailchimp writes UTC times; this opt-out comes after the popup signup of the address already on the list.
  const optedOut = new Date(Date.now() + 60_000).toISOString().replace("T", " ").slice(0, 19);
  const archive = zipOf({
    "subscribed_members_export_1a2b3c.csv": vendorFile([
      MAILCHIMP_SUBSCRIBED,
      mailchimpRow(joiner, "Foxtrot", optedIn),
    ]),
    "unsubscribed_members_export_1a2b3c.csv": vendorFile([
      `${MAILCHIMP_SUBSCRIBED},${MAILCHIMP_UNSUB_COLUMNS}`,
      mailchimpRow(leaver, "Leaver", optedIn, optedOut, "Spring news", "c1", "NORMAL", ""),
    ]),
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, account.email, account.password, `/store/${store.id}/subscribers`);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "audience_export.zip",
    mimeType: "application/zip",
    buffer: Buffer.from(archive),
  });
  await expect(dialog).toContainText("A ZIP of CSV files");
  await screenshot(page, "subscribers-import-zip-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "subscribers-import-zip-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Import", exact: true }).click();

  await expect(dialog).toContainText("1 already on the list unsubscribed by the file's opt-outs");
  await expect(dialog).toContainText("Consent was read from each file of the ZIP");
  await screenshot(page, "subscribers-import-zip-summary-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "subscribers-import-zip-summary-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(rowOf(page, joiner)).toContainText("Active");
  await expect(rowOf(page, leaver)).toContainText("Unsubscribed");
});
