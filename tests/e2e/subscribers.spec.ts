import { readFile } from "node:fs/promises";
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
  await login(page, account.email, account.password);
  await page.goto(`/store/${store.id}/subscribers`);
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
  await login(page, account.email, account.password);
  await page.goto(`/store/${store.id}/subscribers`);

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
  await login(page, account.email, account.password);
  await page.goto(`/store/${store.id}/subscribers`);
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
  await login(page, account.email, account.password);
  await page.goto(`/store/${store.id}/subscribers`);
  await expect(rowOf(page, emails[0] ?? "")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sync coupon usage" })).toHaveCount(0);
});

test("imports a CSV file from the Import CSV dialog: progress, a summary with refused lines, and the new rows", async ({
  page,
}) => {
  const { account, store, emails } = await organizationWithSubscribers("import");
  const [alpha = ""] = emails;
  const added = [`delta-${unique("i")}@acme-corp.example`, `echo-${unique("i")}@acme-corp.example`];
  const csv = [
    "Email Address,First Name,City,Loyalty tier",
    `${added[0]},Delta,Paris,gold`,
    `${alpha},Alpha,Lyon,silver`,
    "not-an-address,Nobody,,",
    `"${added[1]}","Echo ""E"" Smith",Rome,`,
  ].join("\r\n");
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, account.email, account.password);
  await page.goto(`/store/${store.id}/subscribers`);

  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Import subscribers");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "subscribers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(dialog).toContainText("subscribers.csv");
  await screenshot(page, "subscribers-import-picked");
  await dialog.getByRole("button", { name: "Import", exact: true }).click();

  await expect(dialog).toContainText("2 added, 1 updated, 0 skipped, 1 refused.");
  await expect(dialog).toContainText("Line 4: not-an-address: Please enter a valid email address");
  await expect(dialog).toContainText("Columns ignored: Loyalty tier");
  await screenshot(page, "subscribers-import-summary-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "subscribers-import-summary-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);

  for (const email of added) await expect(rowOf(page, email)).toBeVisible();
  await expect(rowOf(page, added[1] ?? "")).toContainText('Echo "E" Smith');
  await screenshot(page, "subscribers-imported");
});
