import path from "node:path";
import type { Page } from "@playwright/test";
import { EMAIL_TEXTS_READ_ONLY } from "../../app/lib/languages/text-labels";
import { unique, updatePopup } from "./support/api";
import { login } from "./support/auth";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { createMember } from "./support/members";
import { SCREENSHOT_DIR, screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { adminApiForFile, mailingStoreForFile } from "./support/spec-setup";

/**
 * A popup that speaks English and German: on a German page (`<html lang="de">`, the browser English) the
 * shopper reads it, its form's messages and its welcome email in German; the builder's translations table
 * marks what is not translated yet; a prize wheel's free shipping reads German too, with the minimum in
 * German figures.
 */
test.describe.configure({ mode: "serial" });

const api = adminApiForFile();
const shop = mailingStoreForFile(api, "Sprachen Shop");
// Its own store: the browser keeps a store's public config in its HTTP cache for a while.
const wheelShop = mailingStoreForFile(api, "Rad Shop");
const stepsShop = mailingStoreForFile(api, "Schritte Shop");

const germanTexts = {
  title: "Lust auf exklusive Angebote?",
  buttonText: "ANMELDEN",
  emailSubject: "Willkommen! Dein Rabatt von [DISCOUNT_PERCENT] %",
};

test.beforeAll(async () => {
  await updatePopup(api, shop.store.id, {
    languages: [
      { code: "en", texts: {} },
      { code: "de", texts: germanTexts },
    ],
  });
});

test("on a German page the popup, its validation message and the welcome email are German", async ({
  page,
}) => {
  const configLoaded = page.waitForResponse(
    (response) => response.url().includes(`/api/public/stores/${shop.store.id}/popups`) && response.ok(),
  );
  await page.goto(`/demo/${shop.store.id}?lang=de`);
  await configLoaded;
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await expect(popup.getByRole("heading")).toHaveText("Lust auf exklusive Angebote?");
  await expect(popup.getByRole("button", { name: "Schließen" })).toBeVisible();
  await popup.getByLabel("E-Mail-Adresse").fill("kein-gueltiger-name");
  await popup.getByRole("button", { name: "ANMELDEN" }).click();
  await expect(popup.getByText("Bitte gib eine gültige E-Mail-Adresse ein")).toBeVisible();
  await screenshot(page, "languages-demo-popup-de", { fullPage: false });

  const reader = `${unique("leserin")}@acme-corp.example`;
  await popup.getByLabel("E-Mail-Adresse").fill(reader);
  await popup.getByRole("button", { name: "ANMELDEN" }).click();
  await expect(popup.getByRole("heading")).toHaveText("Danke für deine Anmeldung!");
  await expect(popup.getByRole("button", { name: "Weiter einkaufen" })).toBeVisible();
  const welcome = await shop.sink.waitForMessage((message) => message.envelopeTo.includes(reader), 20_000);
  expect(welcome.subject).toBe("Willkommen! Dein Rabatt von 15 %");

  // The email's unsubscribe page speaks the subscriber's language too.
  const leave = /Abmelden: (\S+)/.exec(welcome.text ?? "")?.[1];
  if (!leave) throw new Error("no unsubscribe link in the German welcome email");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(new URL(leave).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Von .+ abmelden$/);
  await page.getByRole("button", { name: "Abmelden" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Du bist abgemeldet");
  await expect(page.getByText(`${reader} erhält keine weiteren E-Mails von`)).toBeVisible();
  await screenshot(page, "languages-unsubscribed-de-390");
});

test("the builder's translations table marks the missing texts, at 1440 and 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${shop.store.id}/popup-builder`);
  const table = page.locator(".np-translations");
  await expect(table.getByRole("columnheader", { name: "German", exact: true })).toBeVisible();
  const subtitle = table.getByRole("row", { name: /^Subtitle/ });
  await expect(subtitle.getByText("Missing")).toBeVisible();
  await expect(table.getByRole("row", { name: /^Title/ }).getByText("Missing")).toHaveCount(0);
  const shown = page.getByLabel("Translations shown").locator("option:checked");
  await expect(shown).toHaveText("German · 4 missing");

  await subtitle.getByLabel("Subtitle in German").fill("Melde dich an und spare [DISCOUNT_PERCENT] %.");
  await expect(subtitle.getByText("Missing")).toHaveCount(0);
  await expect(shown).toHaveText("German · 3 missing");
  await expectNoSeriousAxeViolations(page, "the Popup Builder with a translation");
  await page.getByLabel("Language shown").selectOption({ label: "German" });
  await expect(
    page.getByTestId("preview-pane").getByRole("heading", { name: "Lust auf exklusive Angebote?" }),
  ).toBeVisible();
  await expect(page.getByText("All changes saved")).toBeVisible();
  await languagesCardPicture(page, "languages-table-1440");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(subtitle.getByLabel("Subtitle in German")).toHaveValue(/Melde dich an/);
  await languagesCardPicture(page, "languages-table-390");
});

test("a member with Manage Popups only edits the German popup texts, and reads the German welcome email's", async ({
  page,
}) => {
  const member = { email: `${unique("popups-only")}@e2e.test`, password: "popups-only-password-1" };
  await createMember(MAIN, { ...member, permissions: { manage_popups: true } });
  await page.setViewportSize({ width: 1440, height: 900 });
  await login(page, member.email, member.password, `/store/${shop.store.id}/popup-builder`);
  const table = page.locator(".np-translations");
  const subject = table.getByLabel("Welcome email subject in German");
  await expect(subject).toHaveValue(germanTexts.emailSubject);
  await expect(subject).toHaveAttribute("readonly", "");
  await expect(table.getByText(EMAIL_TEXTS_READ_ONLY)).toBeVisible();
  // A language with a translated welcome email is not theirs to remove.
  await expect(page.getByRole("button", { name: /Remove German/ })).toHaveCount(0);
  // The popup's own German words are: the save sends the email's texts back unchanged, and it passes.
  await table.getByLabel("Title in German", { exact: true }).fill("Exklusive Angebote für dich?");
  await expect(page.getByText("All changes saved")).toBeVisible();
  await expect(page.getByText("Not saved")).toHaveCount(0);
  const stored = await api.get<{ languages: { code: string; texts: Record<string, string> }[] }>(
    `/api/stores/${shop.store.id}/popup`,
  );
  expect(stored.languages[1]?.texts).toMatchObject({
    title: "Exklusive Angebote für dich?",
    emailSubject: germanTexts.emailSubject,
  });
  await languagesCardPicture(page, "languages-table-popups-only-1440");
});

test("on a German page a prize wheel's free shipping and its minimum read German", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const shipping = { kind: "free-shipping", code: "GRATIS", minimumSubtotal: 50 };
  await updatePopup(api, wheelShop.store.id, {
    offerKind: "free-shipping",
    wheel: {
      slices: [
        { label: "Versand frei", color: "#10b981", weight: 1, prize: shipping },
        { label: "Niete", color: "#6b7280", weight: 0, prize: null },
        {
          label: "10 %",
          color: "#f59e0b",
          weight: 0,
          prize: { kind: "percentage", percentage: 10, code: "ZEHN" },
        },
      ],
    },
    languages: [
      { code: "en", texts: {} },
      { code: "de", texts: { ...germanTexts, title: "Dreh am Rad: [OFFER] wartet!" } },
    ],
  });
  await page.goto(`/demo/${wheelShop.store.id}?lang=de`);
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await expect(popup.getByRole("heading")).toHaveText("Dreh am Rad: Gratisversand wartet!");

  const reader = `${unique("gewinnerin")}@acme-corp.example`;
  await popup.getByLabel("E-Mail-Adresse").fill(reader);
  await popup.getByRole("button", { name: "ANMELDEN" }).click();
  await expect(popup).toContainText("Du hast gewonnen: Versand frei");
  // The store's currency is USD: German writes the minimum "50 $".
  await expect(popup.getByText(/^Mit diesem Code erhältst du an der Kasse Gratisversand/)).toHaveText(
    /^Mit diesem Code erhältst du an der Kasse Gratisversand für deine Bestellung ab 50\s\$\.$/,
  );
  await expect(popup.getByLabel("Rabattcode")).toHaveValue("GRATIS");
  await screenshot(page, "languages-wheel-won-de", { fullPage: false });
  const welcome = await wheelShop.sink.waitForMessage(
    (message) => message.envelopeTo.includes(reader),
    20_000,
  );
  expect(welcome.text).toContain("Dein Code für Gratisversand: GRATIS");
});

test("a two-step popup on a German page: opener, form, extra fields and their messages in German", async ({
  page,
  browserErrors,
}) => {
  // The server checks the extra fields: a wrong birthday is its 422, shown on the field in German.
  browserErrors.allow(/status of 422/);
  await updatePopup(api, stepsShop.store.id, {
    steps: {
      opener: { enabled: true },
      extraFields: { enabled: true, fields: { firstName: true, birthday: true, phone: true } },
    },
    languages: [
      { code: "en", texts: {} },
      {
        code: "de",
        texts: {
          ...germanTexts,
          openerQuestion: "Lust auf [DISCOUNT_PERCENT] % Rabatt auf deine erste Bestellung?",
          openerYes: "Ja, gern",
          openerNo: "Nein danke",
          extraFieldsTitle: "Erzähl uns mehr über dich",
          extraFieldsButton: "Speichern",
          extraFieldsSkip: "Überspringen",
          phoneConsentText: "Ich möchte SMS von [STORE_NAME] erhalten. Abmelden jederzeit mit STOP.",
        },
      },
    ],
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/demo/${stepsShop.store.id}?lang=de`);
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await expect(popup.getByRole("heading")).toHaveText(/^Lust auf 15\s% Rabatt auf deine erste Bestellung\?$/);
  await expect(popup.getByRole("button", { name: "Nein danke" })).toBeVisible();
  await popup.getByRole("button", { name: "Ja, gern" }).click();

  await popup.getByLabel("E-Mail-Adresse").fill(`${unique("schritte")}@acme-corp.example`);
  await popup.getByRole("button", { name: "ANMELDEN" }).click();
  await expect(popup.getByRole("heading")).toHaveText("Erzähl uns mehr über dich");
  await popup.getByLabel("Vorname").fill("Anna");
  await popup.getByLabel("Tag", { exact: true }).fill("31");
  await popup.getByLabel("Monat", { exact: true }).fill("2");
  await popup.getByLabel("Telefon").fill("+49 30 1234567");
  await popup.getByRole("button", { name: "Speichern" }).click();
  await expect(popup.getByText("Bitte gib einen echten Tag und Monat ein")).toBeVisible();
  await popup.getByLabel("Tag", { exact: true }).fill("14");
  await popup.getByLabel("Monat", { exact: true }).fill("3");
  await popup.getByRole("button", { name: "Speichern" }).click();
  await expect(
    popup.getByText("Setze das Häkchen, um SMS zu erhalten, oder lass die Telefonnummer leer"),
  ).toBeVisible();
  await popup.getByRole("checkbox", { name: /^Ich möchte SMS von Schritte Shop/ }).check();
  await expect(popup.getByRole("button", { name: "Überspringen" })).toBeVisible();
  await screenshot(page, "languages-steps-de-1440", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "languages-steps-de-390", { fullPage: false });
  await popup.getByRole("button", { name: "Speichern" }).click();
  await expect(popup.getByRole("heading")).toHaveText("Danke für deine Anmeldung!");
});

/** The Languages card alone (the builder's page is long): the innermost box with its heading and table. */
async function languagesCardPicture(page: Page, name: string): Promise<void> {
  const card = page
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Languages", exact: true }) })
    .filter({ has: page.locator(".np-translations") })
    .last();
  await card.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    animations: "disabled",
    // The app's fixed top bar and the phone's Edit / Preview switch would cover the card once scrolled to.
    style: ".Polaris-TopBar, .Polaris-Frame__TopBar, .np-builder-views { visibility: hidden }",
  });
}
