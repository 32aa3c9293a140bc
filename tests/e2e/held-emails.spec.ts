import type { Page } from "@playwright/test";
import { createStore, type Store, subscribe, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { useSmtpSinkAndAdminApi } from "./support/mail";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

/**
 * A store without SMTP settings: its new subscribers' welcome emails are held, never skipped silently. The
 * dashboard and the subscriber list say so; once email is set up, Settings offers to send them.
 */
const uses = useSmtpSinkAndAdminApi();

const banner = (page: Page, title: string) => page.locator(".Polaris-Banner").filter({ hasText: title });
const POSTAL_ADDRESS = "1 Harbour Street, Springfield";

test("held welcome emails are said on the dashboard and the subscriber, and sent once email is set up", async ({
  page,
}) => {
  const store: Store = await createStore(uses.api, {
    name: unique("Held Shop"),
    shopifyUrl: "https://held-shop.example.com",
  });
  await uses.api.put(`/api/stores/${store.id}/email-template`, { companyAddress: POSTAL_ADDRESS });
  const addresses = [`${unique("ana")}@held-shop.example`, `${unique("ben")}@held-shop.example`];
  for (const address of addresses) expect(await subscribe(MAIN, store.id, address)).toBeTruthy();

  await login(page, ADMIN.email, ADMIN.password);
  const notSent = "2 welcome emails not sent: email is not set up";
  for (const [width, height, shot] of [
    [1440, 900, "held-emails-dashboard-1440"],
    [390, 844, "held-emails-dashboard-390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The outbox holds them a moment after the subscriptions.
    await expect(async () => {
      await page.goto(`/store/${store.id}/dashboard`);
      await expect(banner(page, notSent)).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(banner(page, notSent).getByRole("link", { name: "Set up email" })).toBeVisible();
    await screenshot(page, shot);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/store/${store.id}/subscribers`);
  await expect(page.getByText("Welcome email not sent")).toHaveCount(2);
  await screenshot(page, "held-emails-subscribers-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText("Welcome email not sent")).toHaveCount(2);
  await screenshot(page, "held-emails-subscribers-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page
    .getByRole("button", { name: `View ${addresses[0]}` })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByText("Not sent: email not set up")).toBeVisible();
  await screenshot(page, "held-emails-subscriber-1440");
  await page.keyboard.press("Escape");

  await page.goto(`/store/${store.id}/dashboard`);
  await banner(page, notSent).getByRole("link", { name: "Set up email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(banner(page, notSent)).toBeVisible();
  await page.getByLabel("SMTP host").fill("127.0.0.1");
  await page.getByLabel("SMTP port").fill(new URL(uses.sink.url).port);
  await page.getByLabel("From email").fill("hello@held-shop.example");
  await page.getByRole("button", { name: "Save email settings" }).click();

  const waiting = banner(page, "2 welcome emails waiting to be sent");
  const send = waiting.getByRole("button", { name: "Send 2 pending welcome emails" });
  await expect(send).toBeVisible();
  await screenshot(page, "held-emails-settings-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(send).toBeVisible();
  await screenshot(page, "held-emails-settings-390");

  await send.click();
  await expect(
    page.getByText("Sending 2 welcome emails. Anyone who unsubscribed meanwhile gets nothing."),
  ).toBeVisible();
  for (const address of addresses)
    await uses.sink.waitForMessage((message) => message.envelopeTo.includes(address.toLowerCase()));
  await page.goto(`/store/${store.id}/dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.locator(".Polaris-Banner").filter({ hasText: "welcome email" })).toHaveCount(0);
});

test("welcome emails wait for the postal address, the dashboard says so and links to it; set, they go", async ({
  page,
}) => {
  const store: Store = await createStore(uses.api, {
    name: unique("Addressless Shop"),
    shopifyUrl: "https://addressless-shop.example.com",
  });
  await uses.api.put(`/api/stores/${store.id}/email-settings`, {
    smtpHost: "127.0.0.1",
    smtpPort: Number(new URL(uses.sink.url).port),
    fromEmail: "hello@addressless-shop.example",
  });
  const addresses = [
    `${unique("cleo")}@addressless-shop.example`,
    `${unique("dan")}@addressless-shop.example`,
  ];
  for (const address of addresses) expect(await subscribe(MAIN, store.id, address)).toBeTruthy();

  await login(page, ADMIN.email, ADMIN.password);
  const notSent = "2 welcome emails not sent: no postal address";
  for (const [width, height, shot] of [
    [1440, 900, "held-for-address-dashboard-1440"],
    [390, 844, "held-for-address-dashboard-390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(async () => {
      await page.goto(`/store/${store.id}/dashboard`);
      await expect(banner(page, notSent)).toBeVisible({ timeout: 1_000 });
    }).toPass();
    // The total counts whom a campaign reaches: both new subscribers, nobody else.
    await expect(page.getByText("Reached by a campaign to all subscribers, imports included")).toBeVisible();
    await screenshot(page, shot);
  }

  await page.setViewportSize({ width: 1440, height: 900 });
  await banner(page, notSent).getByRole("link", { name: "Add your postal address" }).click();
  await expect(page).toHaveURL(new RegExp(`/store/${store.id}/email-templates`));
  // The editor says what waits for the address (its Address tab is template-editor.spec's).
  await expect(
    page.getByText(/Welcome emails \(they carry your offer\) and campaigns wait until it is set/),
  ).toBeVisible();
  await uses.api.put(`/api/stores/${store.id}/email-template`, { companyAddress: POSTAL_ADDRESS });

  await page.goto(`/store/${store.id}/dashboard`);
  const send = banner(page, "2 welcome emails waiting to be sent").getByRole("button", {
    name: "Send 2 pending welcome emails",
  });
  await send.click();
  for (const address of addresses) {
    const message = await uses.sink.waitForMessage((sent) => sent.envelopeTo.includes(address.toLowerCase()));
    expect(message.html ?? "").toContain(POSTAL_ADDRESS);
  }
});
