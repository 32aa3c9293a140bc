import type { Page } from "@playwright/test";
import { unique, updatePopup } from "./support/api";
import { login } from "./support/auth";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN } from "./support/servers";
import { adminApiForFile, mailingStoreForFile } from "./support/spec-setup";

/**
 * The offer is the popup's: with the popup at 10 % and the code ACME10, the default popup subtitle, the
 * default welcome email (subject, body, code box) and both previews say 10 %, never a fixed 15 %.
 */
test.describe.configure({ mode: "serial" });

const api = adminApiForFile();
const shop = mailingStoreForFile(api, "Offer Shop");

test.beforeAll(async () => {
  await updatePopup(api, shop.store.id, { discountPercentage: 10, discountCode: "ACME10" });
});

const noFifteen = /15%|DISCOUNT_PERCENT/;

async function openDemo(page: Page) {
  const configLoaded = page.waitForResponse(
    (response) => response.url().includes(`/api/public/stores/${shop.store.id}/popup`) && response.ok(),
  );
  await page.goto(`/demo/${shop.store.id}`);
  await configLoaded;
  return page.locator("newsletter-popup").getByRole("dialog");
}

test("the storefront popup and the welcome email state the popup's 10 % and its code", async ({ page }) => {
  const popup = await openDemo(page);
  await expect(popup).toContainText("receive a one-time 10% discount code.");
  await expect(popup).not.toContainText(noFifteen);
  await screenshot(page, "offer-demo-popup", { fullPage: false });

  const reader = `${unique("reader")}@acme-corp.example`;
  await popup.getByLabel("Email address").fill(reader);
  await popup.getByRole("button", { name: "SUBMIT" }).click();
  await expect(popup.getByLabel("Discount code")).toHaveValue("ACME10");
  await expect(popup).toContainText("Use this code at checkout to get 10% off your order.");

  const welcome = await shop.sink.waitForMessage((message) => message.envelopeTo.includes(reader), 20_000);
  expect(welcome.subject).toBe("Thank you for subscribing! Here is your 10% discount");
  const html = welcome.html || "";
  expect(html).toContain("here is your one-time 10% discount code: ACME10");
  expect(html).toMatch(/Your 10% discount code/i);
  expect(welcome.text ?? "").toContain("one-time 10% discount code: ACME10");
  expect(`${welcome.subject}${html}${welcome.text ?? ""}`).not.toMatch(noFifteen);
});

test("the email template preview and the popup builder preview say 10 % too", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/email-templates`);
  const emailPreview = page.locator('iframe[title="Email preview"]');
  await expect(emailPreview).toHaveAttribute("srcdoc", /one-time 10% discount code: ACME10/);
  expect(await emailPreview.getAttribute("srcdoc")).not.toMatch(noFifteen);
  // The merchant edits the placeholder, not a figure.
  await expect(page.getByLabel("Subject")).toHaveValue(
    "Thank you for subscribing! Here is your [DISCOUNT_PERCENT]% discount",
  );
  await screenshot(page, "offer-email-template");

  await page.goto(`/store/${shop.store.id}/popup-builder`);
  const builderPreview = page.locator("[data-testid=popup-preview]");
  await expect(builderPreview).toContainText("receive a one-time 10% discount code.");
  // A new percentage shows in the preview at once.
  await page.getByLabel("Discount percentage").fill("20");
  await expect(builderPreview).toContainText("receive a one-time 20% discount code.");
  await screenshot(page, "offer-popup-builder");
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "offer-popup-builder-390");
});

test.describe("after the offer changes", () => {
  // A browser keeps the storefront config for 30 s (its max-age): the kept context still holds the one the
  // first test loaded, before this offer.
  test.use({ freshContext: true });

  test("an amount off with a minimum: the opener names it, and the code comes with its conditions", async ({
    page,
  }) => {
    await updatePopup(api, shop.store.id, {
      offerKind: "fixed-amount",
      discountAmount: 10,
      minimumSubtotal: 50,
      steps: { opener: { enabled: true } },
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    const popup = await openDemo(page);
    await expect(popup.getByRole("heading", { name: "Want $10 off on your first order?" })).toBeVisible();
    await popup.getByRole("button", { name: "Yes, please" }).click();
    await expect(popup).toContainText("receive a one-time $10 discount code.");

    const reader = `${unique("terms")}@acme-corp.example`;
    await popup.getByLabel("Email address").fill(reader);
    await popup.getByRole("button", { name: "SUBMIT" }).click();
    await expect(popup.getByLabel("Discount code")).toHaveValue("ACME10");
    await expect(popup).toContainText("Use this code at checkout to get $10 off your order of $50 or more.");
    // The popup's codes work 30 days from the subscription (its default), once per customer.
    const lastDay = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(Date.now() + 30 * 24 * 3600 * 1000);
    const conditions = `On orders of $50 or more. Valid until ${lastDay}. One use per customer.`;
    await expect(popup).toContainText(conditions);
    await expect(popup).not.toContainText(noFifteen);
    await screenshot(page, "offer-conditions-success", { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(popup).toContainText(conditions);
    await screenshot(page, "offer-conditions-success-390", { fullPage: false });

    const welcome = await shop.sink.waitForMessage((message) => message.envelopeTo.includes(reader), 20_000);
    expect(welcome.subject).toBe("Thank you for subscribing! Here is your $10 discount");
    expect(welcome.text ?? "").toContain(`Your $10 discount code: ACME10\n${conditions}`);
    expect(welcome.html ?? "").toContain(conditions);
  });

  test("the builder warns when a text types another figure than the code gives", async ({ page }) => {
    await updatePopup(api, shop.store.id, { title: "Get 15% off today" });
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/popup-builder`);
    const warning = page.getByText("A text names another offer than your code gives");
    await expect(warning).toBeVisible();
    await expect(page.getByText("Title says “15%”, but the code gives $10 off.")).toBeVisible();
    await screenshot(page, "offer-typed-figure-warning", { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(warning).toBeVisible();
    await screenshot(page, "offer-typed-figure-warning-390", { fullPage: false });
    // Written with [OFFER], the title follows the offer and the warning goes.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel("Title", { exact: true }).fill("Get [OFFER] today");
    await expect(warning).toBeHidden();
    // The preview starts at the opener, which names the offer as the storefront does.
    await expect(page.getByTestId("popup-preview")).toContainText("Want $10 off on your first order?");
  });
});
