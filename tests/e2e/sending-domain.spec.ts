import { generateKeyPairSync } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { apiAs, createStore, unique } from "./support/api";
import { login } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { DKIM_SELECTOR, publishedDkimKey, SENDING_DOMAIN } from "./support/dns";
import { cardWithHeading, expect, test, toast } from "./support/fixtures";
import { useSmtpSinkAndAdminApi } from "./support/mail";
import { createOrganization } from "./support/members";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";

/**
 * Settings → Sending domain: the From domain's SPF, DKIM and DMARC records as the suite's DNS server
 * publishes them (support/dns.ts: SPF for SendGrid, a DKIM key under s1, no DMARC), each with its status and
 * the record to add; the DKIM selector and private key in Email configuration, the key masked once saved,
 * replaceable and removable.
 */
const uses = useSmtpSinkAndAdminApi();

/** The record's block inside the card: from its heading to the next one. */
const recordBadge = (card: Locator, kind: string) =>
  card.getByRole("heading", { name: kind, exact: true }).locator("xpath=following-sibling::*[1]");
/** The badge reads `text` (after its tone, which Polaris writes for screen readers only). */
const says = (text: string) => new RegExp(`^(Success|Warning|Critical)?${text}$`);

/** The key's field, read-only (masked) or being edited. */
const keyField = (page: Page) => page.getByRole("textbox", { name: "DKIM private key", exact: true });
const field = (card: Locator, name: string) => card.getByRole("textbox", { name, exact: true });

async function pasteKey(page: Page, pem: string) {
  await page.getByRole("button", { name: "Edit DKIM private key" }).click();
  await keyField(page).fill(pem);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(keyField(page)).toHaveValue("••••••••");
}

test("the sending domain's records show with their status and the record to add; the DKIM key is set, replaced and removed", async ({
  page,
  context,
}) => {
  const store = await createStore(uses.api, {
    name: unique("Dns Shop"),
    shopifyUrl: "https://dns-shop.example",
  });
  await uses.api.put(`/api/stores/${store.id}/email-settings`, {
    smtpHost: "smtp.sendgrid.net",
    smtpPort: 587,
    fromEmail: `news@${SENDING_DOMAIN}`,
  });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: MAIN.baseURL });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/settings`);
  const card = cardWithHeading(page, "Sending domain");

  await expect(card.getByText(SENDING_DOMAIN, { exact: true })).toBeVisible();
  await expect(recordBadge(card, "SPF")).toHaveText(says("Found"));
  await expect(
    card.getByText(`Published at ${SENDING_DOMAIN}: v=spf1 include:sendgrid.net ~all`),
  ).toBeVisible();
  // No selector yet: nothing to look up, and the merchant is told where one comes from.
  await expect(recordBadge(card, "DKIM")).toHaveText(says("Missing"));
  await expect(card.getByText(/Your email provider gives you a selector/)).toBeVisible();
  // DMARC: the exact record, to copy.
  await expect(recordBadge(card, "DMARC")).toHaveText(says("Missing"));
  await expect(field(card, "Host")).toHaveValue(`_dmarc.${SENDING_DOMAIN}`);
  await expect(
    card.getByText(`If your DNS provider adds ${SENDING_DOMAIN} by itself, enter _dmarc`),
  ).toBeVisible();
  const dmarc = `v=DMARC1; p=none; rua=mailto:news@${SENDING_DOMAIN}`;
  await expect(field(card, "Value")).toHaveValue(dmarc);
  await card.getByRole("button", { name: "Copy DMARC value" }).click();
  await expect(card.getByRole("button", { name: "Copied DMARC value" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(dmarc);

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectNoSeriousAxeViolations(page, `settings with the sending domain's records at ${width} px`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `sending-domain-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // The selector is part of the form: saved with it, and the domain is checked again.
  await page.getByLabel("DKIM selector").fill(DKIM_SELECTOR);
  await page.getByRole("button", { name: "Save email settings" }).click();
  await expect(toast(page)).toHaveText("Success: Email settings saved");
  await expect(recordBadge(card, "DKIM")).toHaveText(says("Found"));

  // A key that is not the published one: the record to publish for it, in place of the old one.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  await pasteKey(page, privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  await expect(recordBadge(card, "DKIM")).toHaveText(says("Doesn't match"));
  await expect(card.getByText("Put this TXT record in its place:")).toBeVisible();
  await expect(field(card, "Host").first()).toHaveValue(`${DKIM_SELECTOR}._domainkey.${SENDING_DOMAIN}`);
  await screenshot(page, "sending-domain-dkim-mismatch");

  // Replaced by the published key's private half: found.
  await pasteKey(page, publishedDkimKey());
  await expect(recordBadge(card, "DKIM")).toHaveText(says("Found"));

  // Check again asks the DNS server once more.
  const checked = page.waitForResponse(
    (response) => response.url().endsWith(`/api/stores/${store.id}/email-settings/domain`) && response.ok(),
  );
  await card.getByRole("button", { name: "Check again" }).click();
  await checked;
  await expect(recordBadge(card, "DKIM")).toHaveText(says("Found"));

  // Removed, after a confirmation: unset again, and mail goes unsigned.
  await page.getByRole("button", { name: "Remove DKIM private key" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove the DKIM private key?" });
  await confirm.getByRole("button", { name: "Remove key" }).click();
  await expect(confirm).toBeHidden();
  await expect(keyField(page)).toHaveValue("Not set");
  await expect(page.getByRole("button", { name: "Remove DKIM private key" })).toHaveCount(0);
});

test("checking the domain too often says why and when to try again", async ({ page, browserErrors }) => {
  browserErrors.allow(/status of 429 .*\/email-settings\/domain/);
  // An organization of its own: the checks count against the person, and the first admin has other tests.
  const account = { name: unique("Dns Org"), email: `${unique("dns")}@e2e.test`, password: "dns-password-1" };
  await createOrganization(MAIN, account);
  const api = await apiAs(MAIN, account.email, account.password);
  const store = await createStore(api, { name: unique("Dns Shop"), shopifyUrl: "https://dns-limit.example" });
  await api.put(`/api/stores/${store.id}/email-settings`, {
    smtpHost: "smtp.sendgrid.net",
    smtpPort: 587,
    fromEmail: `news@${SENDING_DOMAIN}`,
  });
  await api.dispose();
  const checkAnswer = () =>
    page.waitForResponse((response) =>
      response.url().endsWith(`/api/stores/${store.id}/email-settings/domain`),
    );
  const shown = checkAnswer();
  await login(page, account.email, account.password, `/store/${store.id}/settings`);
  const card = cardWithHeading(page, "Sending domain");
  expect((await shown).status()).toBe(200);

  // The card checked once when shown; nine more are allowed in 15 minutes, the eleventh is refused.
  for (let check = 2; check <= 11; check += 1) {
    const answered = checkAnswer();
    await card.getByRole("button", { name: "Check again" }).click();
    expect((await answered).status()).toBe(check <= 10 ? 200 : 429);
  }
  await expect(card).toContainText(
    "Too many checks of this store's sending domain. Please try again in 15 minutes.",
  );
  await expect(recordBadge(card, "SPF")).toHaveText(says("Found"));
});
