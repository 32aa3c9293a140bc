import { createStore, subscribe, unique } from "./support/api";
import { login } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { useSmtpSinkAndAdminApi } from "./support/mail";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

/**
 * An address the store's SMTP server refuses for good (550) is shown bounced in Subscribers, with the
 * server's answer and the date; Settings offers the providers' bounce and complaint webhook.
 */
const uses = useSmtpSinkAndAdminApi();

test("a welcome email refused with 550 shows the address bounced, with why and when", async ({ page }) => {
  const store = await createStore(uses.api, {
    name: unique("Bounce Shop"),
    shopifyUrl: "https://bounce-shop.example.com",
  });
  await uses.api.put(`/api/stores/${store.id}/email-settings`, {
    smtpHost: "127.0.0.1",
    smtpPort: Number(new URL(uses.sink.url).port),
    fromEmail: "hello@bounce-shop.example",
  });
  // A welcome email carries the offer: it waits for the postal address of the email footer.
  await uses.api.put(`/api/stores/${store.id}/email-template`, {
    companyAddress: "1 Harbour Street, Springfield",
  });
  const gone = `${unique("gone")}@bounce-shop.example`;
  uses.sink.failRecipient(gone, 550);
  expect(await subscribe(MAIN, store.id, gone)).toBeTruthy();
  await expect.poll(() => uses.sink.recipientAttempts(gone), { timeout: 15_000 }).toBe(1);

  await login(page, ADMIN.email, ADMIN.password);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(async () => {
      await page.goto(`/store/${store.id}/subscribers`);
      await expect(page.getByText("Bounced", { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expectNoSeriousAxeViolations(page, `subscribers with a bounced address at ${width} px`);
    await screenshot(page, `bounces-subscribers-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page
    .getByRole("button", { name: `View ${gone}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(/^Bounced .*: SMTP 550 .*Recipient refused/)).toBeVisible();
  await expect(dialog.getByText(/^Failed: /)).toBeVisible();
  await screenshot(page, "bounces-subscriber-1440");
  await page.keyboard.press("Escape");

  await page.goto(`/store/${store.id}/settings`);
  await page.getByLabel("Email provider").selectOption("sendgrid");
  await expect(page.getByText("Verification key")).toBeVisible();
  await expect(page.getByLabel("Webhook URL")).toHaveValue(new RegExp(`/webhooks/email-events/${store.id}$`));
  await expectNoSeriousAxeViolations(page, "settings with a bounce webhook provider chosen");
  await page.getByText("Bounces and complaints").scrollIntoViewIfNeeded();
  await screenshot(page, "bounces-settings-1440", { fullPage: false });
});
