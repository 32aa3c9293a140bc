import type { Page } from "@playwright/test";
import { createStore, type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { useSmtpSinkAndAdminApi } from "./support/mail";
import { screenshot } from "./support/screenshot";
import { ADMIN } from "./support/servers";

/**
 * Settings → Email configuration tells the truth: refused fields turn red with their reasons (all of them),
 * empty required fields are not "saved", and the green "Configured" appears only after a test email went
 * through the settings as saved; any later change takes it away again.
 */
const uses = useSmtpSinkAndAdminApi();

function newStore(): Promise<Store> {
  return createStore(uses.api, { name: unique("Smtp Shop"), shopifyUrl: "https://smtp-shop.example.com" });
}

async function openSettings(page: Page, store: Store) {
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

/** The email configuration card (Polaris 13 draws a card as a ShadowBevel). */
const card = (page: Page) =>
  page
    .locator(".Polaris-ShadowBevel")
    .filter({ has: page.getByRole("heading", { name: "Email configuration" }) });
const badge = (page: Page) => card(page).locator(".Polaris-Badge").first();
/** The badge reads `text` (after its tone, which Polaris writes for screen readers only). */
const badgeSays = (text: string) => new RegExp(`^(Attention|Success|Critical)?${text}$`);
const UNVERIFIED = "Saved — send a test email to verify";
const FAILED = "Test email failed — check the settings";

/** "Send test email" → the dialog → `to` → "Send test"; the dialog, which a sent test closes. */
async function sendTestTo(page: Page, to: string) {
  await page.getByRole("button", { name: "Send test email" }).click();
  const dialog = page.getByRole("dialog", { name: "Send a test email" });
  await dialog.getByLabel("Send to").fill(to);
  await dialog.getByRole("button", { name: "Send test" }).click();
  return dialog;
}

test("empty required fields are refused on their fields, and nothing is saved", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 422/);
  const store = await newStore();
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSettings(page, store);
  await page.getByLabel("SMTP host").fill("");
  await page.getByLabel("SMTP port").fill("");
  await page.getByRole("button", { name: "Save email settings" }).click();

  await expect(page.getByLabel("SMTP host")).toHaveAttribute("aria-invalid", "true");
  await expect(card(page).getByText("SMTP host is required")).toBeVisible();
  await expect(card(page).getByText("SMTP port is required")).toBeVisible();
  await expect(card(page).getByText("From email is required")).toBeVisible();
  await expect(page.getByLabel("From email")).toHaveAttribute("aria-invalid", "true");
  await expect(toast(page)).toHaveText("Email settings not saved: Correct the fields marked in red");
  await expect(badge(page)).toHaveText(badgeSays("Not configured"));
  await screenshot(page, "email-settings-required");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "email-settings-required-390");

  // Typing in a field clears its own message only.
  await page.getByLabel("SMTP host").fill("smtp.acme.example");
  await expect(card(page).getByText("SMTP host is required")).toBeHidden();
  await expect(card(page).getByText("From email is required")).toBeVisible();

  // The server's reasons (a refused host, say) land on their fields too, every one of them.
  await page.route(`**/api/stores/${store.id}/email-settings`, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 422,
          contentType: "application/json",
          body: JSON.stringify({
            message: "smtp.acme.example points to a private network address; use a public host",
            errors: {
              smtpHost: ["smtp.acme.example points to a private network address; use a public host"],
              fromName: ["From name must be on one line"],
            },
          }),
        })
      : route.continue(),
  );
  await page.getByLabel("SMTP port").fill("587");
  await page.getByLabel("From email").fill("news@acme.example");
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(card(page).getByText("points to a private network address; use a public host")).toBeVisible();
  await expect(card(page).getByText("From name must be on one line")).toBeVisible();
  await expect(page.getByLabel("From name")).toHaveAttribute("aria-invalid", "true");
  await expect(badge(page)).toHaveText(badgeSays("Not configured"));
  await page.unroute(`**/api/stores/${store.id}/email-settings`);

  const saved = await uses.api.get<{ smtpHost: string; fromEmail: string | null; isConfigured: boolean }>(
    `/api/stores/${store.id}/email-settings`,
  );
  expect(saved).toMatchObject({ fromEmail: null, isConfigured: false });
});

test("'Configured' only after a test email went through; a change takes it away", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 502/);
  const store = await newStore();
  const fromEmail = `${unique("news")}@smtp-shop.example`;
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSettings(page, store);

  // Nothing listens on port 1: the settings save, but they do not work, and the badge does not say they do.
  await page.getByLabel("SMTP host").fill("127.0.0.1");
  await page.getByLabel("SMTP port").fill("1");
  await page.getByLabel("From email").fill(fromEmail);
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(toast(page)).toHaveText("Success: Email settings saved");
  await expect(badge(page)).toHaveText(badgeSays(UNVERIFIED));
  // The failure stays in the dialog, and the badge says the test failed, not "send a test email".
  const dialog = await sendTestTo(page, fromEmail);
  await expect(dialog.locator(".Polaris-Banner")).toContainText("The SMTP server refused the test email");
  await expect(badge(page)).toHaveText(badgeSays(FAILED));
  await screenshot(page, "email-settings-test-failed");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "email-settings-test-failed-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(badge(page)).toHaveText(badgeSays(FAILED));
  await screenshot(page, "email-settings-unverified");

  // The real server: the test goes through and only now the settings are "Configured".
  await page.getByLabel("SMTP port").fill(new URL(uses.sink.url).port);
  await expect(card(page).getByText("Save your changes, then send a test email.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test email" })).toBeDisabled();
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(badge(page)).toHaveText(badgeSays(UNVERIFIED));
  await expect(await sendTestTo(page, fromEmail)).toBeHidden();
  await expect(card(page).locator(".Polaris-Banner")).toContainText(`Test email sent to ${fromEmail}`);
  await expect(badge(page)).toHaveText(badgeSays("Configured"));
  await screenshot(page, "email-settings-configured");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "email-settings-configured-390");

  // Still so after a reload; a changed setting needs a new test.
  await page.reload();
  await expect(badge(page)).toHaveText(badgeSays("Configured"));
  await page.getByLabel("From name").fill("Smtp Shop");
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(toast(page)).toHaveText("Success: Email settings saved");
  await expect(badge(page)).toHaveText(badgeSays(UNVERIFIED));
});
