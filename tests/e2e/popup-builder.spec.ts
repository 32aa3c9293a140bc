import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { PREVIEW_NOTICE } from "../../app/lib/demo-page";
import { TARGETING_MESSAGES } from "../../app/lib/schemas/popups";
import type { PopupDesign, PopupTargeting, PopupVariant } from "../../popup/config";
import { pngDeclaring } from "../support/builders/images";
import { createStore, type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { cardWithHeading, expect, test, toast } from "./support/fixtures";
import { seedVariantDays } from "./support/popup-results";
import { setPopups } from "./support/popups-db";
import { SCREENSHOT_DIR, screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { adminApiForFile } from "./support/spec-setup";

/**
 * The builder runs a store's several popups: a list in priority order to create, rename, duplicate,
 * pause, reorder and delete them, and for the one open in the editor who sees it, how it looks, its
 * A/B variants and their results.
 */

const api = adminApiForFile();

type Popup = {
  id: string;
  name: string;
  status: "draft" | "live" | "paused";
  hasUnpublishedChanges: boolean;
  title: string;
  targeting: PopupTargeting;
  design: PopupDesign;
  variants: PopupVariant[];
};

/** A 1 × 1 PNG. */
const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function newStore(label: string): Promise<Store> {
  return createStore(api, { name: unique(label), shopifyUrl: "https://builder-shop.example.com" });
}

const popupsOf = async (storeId: string) =>
  (await api.get<{ popups: Popup[] }>(`/api/stores/${storeId}/popups`)).popups;

function popupList(page: Page): Locator {
  return page.getByRole("list", { name: "Popups in priority order" });
}

async function openBuilder(page: Page, store: Store, width = 1440): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/popup-builder`);
  await expect(popupList(page).getByRole("listitem")).toHaveCount(1);
}

const saved = (page: Page) => expect(page.getByText("All changes saved")).toBeVisible();

test("popups are created, renamed, duplicated, paused, reordered and deleted from the list", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 409/);
  const store = await newStore("Popup List");
  await openBuilder(page, store);
  const items = popupList(page).getByRole("listitem");
  await expect(items.first()).toContainText("Welcome popup");
  await expect(items.first()).toContainText("Live");

  await page.getByRole("button", { name: "Create popup" }).click();
  const name = page.getByLabel("Name of the new popup", { exact: true });
  await expect(name).toHaveValue("Popup 2");
  await name.fill("Summer sale");
  await page.getByRole("dialog").getByRole("button", { name: "Create popup" }).click();
  await expect(items).toHaveCount(2);
  await expect(page.getByLabel("Popup name", { exact: true })).toHaveValue("Summer sale");
  const created = (await popupsOf(store.id)).find((popup) => popup.name === "Summer sale");
  expect(created).toBeDefined();
  await expect(page).toHaveURL(new RegExp(`popup=${created?.id}`));

  await page.getByLabel("Popup name", { exact: true }).fill("Summer sale 2026");
  await expect(items.nth(1)).toContainText("Summer sale 2026");
  await saved(page);
  await expect
    .poll(async () => (await popupsOf(store.id)).map((popup) => popup.name))
    .toEqual(["Welcome popup", "Summer sale 2026"]);

  await page.getByRole("button", { name: "Duplicate Summer sale 2026" }).click();
  await expect(items).toHaveCount(3);
  // A new popup and a copy are drafts: no shopper sees them until they are published.
  const copy = items.filter({ hasText: "Summer sale 2026 (copy)" });
  await expect(copy).toContainText("Draft");
  await expect(page.getByRole("button", { name: "Resume Summer sale 2026 (copy)" })).toHaveCount(0);
  await expect(items.nth(1)).toContainText("Draft");
  // The copy is open in the editor: Publish shows it on the site.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page)).toContainText("Popup published");
  await expect(copy).toContainText("Live");
  await expect
    .poll(async () => (await popupsOf(store.id)).find((popup) => popup.name.endsWith("(copy)"))?.status)
    .toBe("live");

  await page.getByRole("button", { name: "Pause Welcome popup" }).click();
  await expect(items.filter({ hasText: "Welcome popup" })).toContainText("Paused");
  await expect.poll(async () => (await popupsOf(store.id))[0]?.status).toBe("paused");

  await page.getByRole("button", { name: "Move Summer sale 2026 up" }).click();
  await expect(items.first()).toContainText("Summer sale 2026");
  await expect(page.getByRole("button", { name: "Move Summer sale 2026 up" })).toBeDisabled();
  await expect
    .poll(async () => (await popupsOf(store.id)).map((popup) => popup.name))
    .toEqual(["Summer sale 2026", "Welcome popup", "Summer sale 2026 (copy)"]);
  await screenshot(page, "popup-builder-list-1440", { fullPage: false });

  for (const doomed of ["Summer sale 2026 (copy)", "Welcome popup"]) {
    await page.getByRole("button", { name: `Delete ${doomed}`, exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete popup" }).click();
    await expect(items.filter({ hasText: doomed })).toHaveCount(0);
  }
  await expect(items).toHaveCount(1);

  // The last popup stays: the server says why.
  await page.getByRole("button", { name: "Delete Summer sale 2026", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete popup" }).click();
  await expect(toast(page)).toContainText("A store keeps at least one popup: pause it instead");
  await expect(items).toHaveCount(1);
});

/** The titles shoppers' pages get for the store's live popups. */
async function shownTitles(store: Store): Promise<string[]> {
  const response = await fetch(new URL(`/api/public/stores/${store.id}/popups`, MAIN.baseURL));
  const { popups } = (await response.json()) as { popups?: { title: string }[] };
  return (popups ?? []).map(({ title }) => title);
}

test("a live popup's edits wait as unpublished changes until Publish; Discard changes goes back", async ({
  page,
}) => {
  const store = await newStore("Popup Publish");
  await openBuilder(page, store);
  const items = popupList(page).getByRole("listitem");
  const title = page.getByLabel("Title", { exact: true });
  const published = await title.inputValue();
  await expect(page.getByText("Shoppers see this popup as it is here.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();

  await title.fill("Autumn offers inside");
  await saved(page);
  await expect(items.first()).toContainText("Unpublished changes");
  await expect(page.getByText(/shoppers still see the published version/)).toBeVisible();
  expect(await shownTitles(store)).toEqual([published]);
  await screenshot(page, "popup-builder-unpublished-1440", { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, "popup-builder-unpublished-390", { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page)).toContainText("Popup published");
  await expect(items.first()).not.toContainText("Unpublished changes");
  await expect.poll(() => shownTitles(store)).toEqual(["Autumn offers inside"]);

  await title.fill("Not this one");
  await saved(page);
  await page.getByRole("button", { name: "Discard changes" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Discard changes" }).click();
  await expect(title).toHaveValue("Autumn offers inside");
  await expect(items.first()).not.toContainText("Unpublished changes");
  expect((await popupsOf(store.id))[0]).toMatchObject({ status: "live", hasUnpublishedChanges: false });
  expect(await shownTitles(store)).toEqual(["Autumn offers inside"]);
});

test("Preview on demo page shows the merchant a live popup's unpublished title; shoppers keep the published one", async ({
  page,
  browser,
}) => {
  const store = await newStore("Popup Demo Preview");
  await openBuilder(page, store);
  const title = page.getByLabel("Title", { exact: true });
  const published = await title.inputValue();
  await title.fill("Preview: winter sale");
  await saved(page);

  const opened = page.context().waitForEvent("page");
  await page.getByRole("link", { name: "Preview on demo page" }).click();
  const preview = await opened;
  const previewPopup = preview.locator("newsletter-popup").getByRole("dialog");
  await expect(preview.getByText(PREVIEW_NOTICE)).toBeVisible();
  await expect(previewPopup).toContainText("Preview: winter sale");
  for (const width of [1440, 390]) {
    await preview.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await screenshot(preview, `demo-preview-${width}`, { fullPage: false });
  }

  const shopper = await browser.newContext({ baseURL: MAIN.baseURL });
  try {
    const demo = await shopper.newPage();
    await demo.goto(`/demo/${store.id}?preview=${(await popupsOf(store.id))[0]?.id}`);
    // The welcome popup opens by itself, as published.
    const shown = demo.locator("newsletter-popup").getByRole("dialog");
    await expect(shown).toContainText(published);
    await expect(shown).not.toContainText("Preview: winter sale");
    await expect(demo.getByText(PREVIEW_NOTICE)).toHaveCount(0);
  } finally {
    await shopper.close();
  }
});

test("who sees a popup and how it looks are kept after a reload", async ({ page }) => {
  const store = await newStore("Popup Targeting");
  await openBuilder(page, store);

  // A pattern is a path: the field says so and the rest is still saved.
  await page.getByLabel("Show on pages", { exact: true }).fill("products");
  await expect(
    page.getByText("Page patterns are paths starting with / (like /products/*), without ? or #"),
  ).toBeVisible();
  await page.getByLabel("Show on pages", { exact: true }).fill("/products/*\n/collections/sale");
  await page.getByLabel("Never show on pages", { exact: true }).fill("/checkout*");
  await page.getByRole("checkbox", { name: "Mobile", exact: true }).uncheck();
  await page.getByLabel("Visitors", { exact: true }).selectOption({ label: "New visitors" });
  await page.getByLabel("Traffic sources", { exact: true }).fill("newsletter\ninstagram.com");
  await page.getByLabel("Starts", { exact: true }).fill("2030-05-01T09:30");

  await page.getByLabel("Background colour", { exact: true }).fill("#fff4e0");
  await page.getByLabel("Button colour", { exact: true }).fill("#b42318");
  await page.getByLabel("Position", { exact: true }).selectOption({ label: "Bottom bar" });
  await page.getByLabel("Font", { exact: true }).selectOption({ label: "Theme font" });
  await page.getByRole("checkbox", { name: "Show a teaser tab after the popup is closed" }).check();
  await page.getByLabel("Teaser text", { exact: true }).fill("10% off");
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PIXEL_PNG });
  await expect(page.getByRole("img", { name: "The popup's image" })).toBeVisible();
  await saved(page);
  // The preview draws the design as edited.
  const dialog = page.getByTestId("popup-preview").getByRole("dialog");
  await expect
    .poll(() => dialog.evaluate((element) => getComputedStyle(element).backgroundColor))
    .toBe("rgb(255, 244, 224)");
  await cardWithHeading(page, "Design").screenshot({
    path: path.join(SCREENSHOT_DIR, "popup-builder-design-1440.png"),
  });

  await expect.poll(async () => (await popupsOf(store.id))[0]?.design.teaser.text).toBe("10% off");
  const [popup] = await popupsOf(store.id);
  expect(popup?.targeting).toMatchObject({
    pages: { include: ["/products/*", "/collections/sale"], exclude: ["/checkout*"] },
    devices: { desktop: true, mobile: false },
    visitors: "new",
    sources: ["newsletter", "instagram.com"],
  });
  // The moment typed in the browser's zone, sent as an instant.
  const startsAt = await page.evaluate(() => new Date("2030-05-01T09:30").toISOString());
  expect(popup?.targeting.startsAt).toBe(startsAt);
  expect(popup?.design).toMatchObject({
    backgroundColor: "#fff4e0",
    buttonColor: "#b42318",
    position: "bottom-bar",
    font: "theme",
    teaser: { enabled: true, text: "10% off" },
  });
  expect(popup?.design.imageId).toEqual(expect.any(String));

  await page.reload();
  await expect(page.getByLabel("Show on pages", { exact: true })).toHaveValue(
    "/products/*\n/collections/sale",
  );
  await expect(page.getByLabel("Never show on pages", { exact: true })).toHaveValue("/checkout*");
  await expect(page.getByRole("checkbox", { name: "Mobile", exact: true })).not.toBeChecked();
  await expect(page.getByLabel("Visitors", { exact: true })).toHaveValue("new");
  await expect(page.getByLabel("Starts", { exact: true })).toHaveValue("2030-05-01T09:30");
  await expect(page.getByLabel("Background colour", { exact: true })).toHaveValue("#fff4e0");
  await expect(page.getByLabel("Position", { exact: true })).toHaveValue("bottom-bar");
  await expect(page.getByLabel("Teaser text", { exact: true })).toHaveValue("10% off");
  await expect(page.getByRole("img", { name: "The popup's image" })).toBeVisible();
});

test("no device, an end before the start, a refused image: said on the field, never 'All changes saved'", async ({
  page,
  browserErrors,
}) => {
  browserErrors.allow(/status of 422/);
  const store = await newStore("Popup Refusals");
  await openBuilder(page, store);
  const status = page.getByText(/^(All changes saved|Saving…|Not saved.*)$/);

  await page.getByRole("checkbox", { name: "Desktop", exact: true }).uncheck();
  await saved(page);
  await page.getByRole("checkbox", { name: "Mobile", exact: true }).uncheck();
  await expect(page.getByText(TARGETING_MESSAGES.noDevice)).toBeVisible();
  await expect(status).toHaveText("Not saved: fix the Devices field");

  await page.getByLabel("Starts", { exact: true }).fill("2030-05-02T09:30");
  await page.getByLabel("Ends", { exact: true }).fill("2030-05-01T09:30");
  await expect(page.getByText(TARGETING_MESSAGES.endBeforeStart)).toBeVisible();
  await expect(page.getByLabel("Ends", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(status).not.toHaveText("All changes saved");

  // The image's refusal is under the drop zone, not a toast.
  await page
    .locator("input[type=file]")
    .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: pngDeclaring(50_000, 50_000) });
  await expect(page.getByText(/Images may be at most 10,000 pixels on a side/)).toBeVisible();
  await expect(toast(page)).toHaveCount(0);
  await cardWithHeading(page, "Who sees it").screenshot({
    path: path.join(SCREENSHOT_DIR, "popup-builder-refusals-1440.png"),
  });
  await cardWithHeading(page, "Design").screenshot({
    path: path.join(SCREENSHOT_DIR, "popup-builder-image-refused-1440.png"),
  });

  const [refused] = await popupsOf(store.id);
  expect(refused?.targeting).toMatchObject({ devices: { desktop: false, mobile: true }, endsAt: null });
  expect(refused?.design.imageId ?? null).toBeNull();

  // Fixing either half of a pair saves both halves.
  await page.getByRole("checkbox", { name: "Desktop", exact: true }).check();
  await page.getByLabel("Ends", { exact: true }).fill("2030-05-03T09:30");
  await saved(page);
  await expect(page.getByText(TARGETING_MESSAGES.noDevice)).toBeHidden();
  await expect.poll(async () => (await popupsOf(store.id))[0]?.targeting.endsAt).not.toBeNull();
  const [fixed] = await popupsOf(store.id);
  expect(fixed?.targeting.devices).toEqual({ desktop: true, mobile: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("checkbox", { name: "Desktop", exact: true }).uncheck();
  await expect(page.getByText(TARGETING_MESSAGES.noDevice)).toBeVisible();
  await cardWithHeading(page, "Who sees it").screenshot({
    path: path.join(SCREENSHOT_DIR, "popup-builder-refusals-390.png"),
  });
});

test("an A/B variant is added, previewed, measured and promoted", async ({ page }) => {
  const store = await newStore("Popup Variants");
  await openBuilder(page, store);
  const variants = cardWithHeading(page, "Variants");

  await variants.getByRole("button", { name: "Add variant" }).click();
  await expect(variants.getByRole("heading", { name: "Variant B" })).toBeVisible();
  await expect(page.getByText("A/B test: 2 variants").first()).toBeVisible();
  // A new variant splits the traffic evenly.
  await expect(variants.getByText("= 50% of visitors")).toHaveCount(2);
  await page.getByLabel("Title (B)", { exact: true }).fill("Half price for subscribers");

  await page.getByLabel("Variant shown", { exact: true }).selectOption({ label: "Variant B" });
  const preview = page.locator("[data-testid=popup-preview]");
  await expect(preview.getByRole("heading", { name: "Half price for subscribers" })).toBeVisible();
  await saved(page);
  // The results follow the published variants: B is counted from the moment it is published.
  await expect(
    cardWithHeading(page, "Results").getByRole("region", { name: "Results of variant B" }),
  ).toHaveCount(0);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(
    cardWithHeading(page, "Results").getByRole("region", { name: "Results of variant B" }),
  ).toBeVisible();

  const [popup] = await popupsOf(store.id);
  await expect.poll(async () => (await popupsOf(store.id))[0]?.variants.length).toBe(2);
  const [control, challenger] = (await popupsOf(store.id))[0]?.variants ?? [];
  expect(challenger?.overrides.title).toBe("Half price for subscribers");
  if (!popup || !control || !challenger) throw new Error("the variants were not saved");

  // Two weeks of traffic: B converts at 8 %, the control at 2 %; today someone stuffed B, in vain.
  const stuffed = { impressions: 160, subscribers: 70 };
  await seedVariantDays(
    MAIN,
    popup.id,
    Array.from({ length: 14 }, (_, daysAgo) => [
      { variantId: control.id, daysAgo, impressions: 100, subscribers: 2 },
      {
        variantId: challenger.id,
        daysAgo,
        impressions: 100,
        subscribers: 8,
        notCounted: daysAgo === 0 ? stuffed : undefined,
      },
    ]).flat(),
  );
  await page.reload();
  const results = cardWithHeading(page, "Results");
  const resultsOf = (name: string) => results.getByRole("region", { name: `Results of variant ${name}` });
  await expect(resultsOf("A")).toContainText("1,400");
  await expect(resultsOf("A")).toContainText("2.0%");
  await expect(resultsOf("B")).toContainText("112");
  await expect(resultsOf("B")).toContainText("8.0%");
  await expect(resultsOf("B")).toContainText("Chance to be bestover 99.9%");
  await expect(resultsOf("B")).toContainText("Risk if keptunder 0.01 pts");
  await expect(resultsOf("A")).toContainText("Chance to be bestunder 0.1%");
  await expect(resultsOf("B")).toContainText("Winner");
  await expect(results.getByText("Winner: B")).toBeVisible();
  await expect(results.getByText(/^over 99\.9% chance B is the best\. Keeping it risks/)).toBeVisible();
  // What the test left out is shown beside the figures, with why; the control had nothing left out.
  await expect(resultsOf("B")).toContainText("Not counted160 impressions · 70 subscribers");
  await expect(resultsOf("A")).not.toContainText("Not counted");
  await expect(results.getByText(/^Not counted: impressions past the daily limit/)).toBeVisible();
  await screenshot(page, "popup-builder-results-1440");

  await results.getByRole("button", { name: "Promote winner" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Promote winner" }).click();
  await expect(page.getByText("A/B test: 2 variants")).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Half price for subscribers");
  const promoted = (await popupsOf(store.id))[0];
  expect(promoted?.title).toBe("Half price for subscribers");
  expect(promoted?.variants).toHaveLength(1);
});

test("a small shop's leader can be promoted before the test is sure, after a look at the risk", async ({
  page,
}) => {
  const store = await newStore("Popup Small Shop");
  const [popupId] = await setPopups(MAIN, store.id, [
    {
      title: "Join us",
      variants: [
        { id: "control", name: "A", weight: 50, overrides: {} },
        { id: "bold", name: "B", weight: 50, overrides: { title: "Take 15 % off today" } },
      ],
    },
  ]);
  // A fortnight at about 20 views a day per variant: 5 % against 8 %.
  await seedVariantDays(MAIN, popupId ?? "", [
    { variantId: "control", daysAgo: 2, impressions: 300, subscribers: 15 },
    { variantId: "bold", daysAgo: 2, impressions: 300, subscribers: 24 },
  ]);
  for (const width of [1440, 390]) {
    await openBuilder(page, store, width);
    const results = cardWithHeading(page, "Results");
    await expect(
      results.getByText(
        "No winner yet. B leads: 93.0% chance B is the best; promoting it now risks an expected loss of 0.06 percentage points of conversion rate. A winner is named once that risk is under 0.05 percentage points.",
      ),
    ).toBeVisible();
    await expect(results.getByRole("region", { name: "Results of variant B" })).toContainText(
      "Chance to be best93.0%",
    );
    await results.getByRole("heading", { name: "Results" }).evaluate((heading) => heading.scrollIntoView());
    await screenshot(page, `popup-builder-leader-${width}`, { fullPage: false });
    await results.getByRole("button", { name: "Promote B anyway" }).click();
    const dialog = page.getByRole("dialog", { name: "Promote variant B before the test is sure?" });
    await expect(
      dialog.getByRole("heading", { name: "Promote variant B before the test is sure?" }),
    ).toBeVisible();
    await expect(dialog).toContainText("a 7.0% chance another variant converts better");
    await expect(dialog).toContainText("an expected loss of 0.06 percentage points of conversion rate");
    await screenshot(page, `popup-builder-promote-anyway-${width}`, { fullPage: false });
    if (width === 390) {
      await dialog.getByRole("button", { name: "Promote anyway" }).click();
    } else {
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
    }
  }
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Take 15 % off today");
  const promoted = (await popupsOf(store.id))[0];
  expect(promoted?.variants.map((variant) => variant.id)).toEqual(["bold"]);
});

test("the builder fits a 390 px phone and a 1440 px window", async ({ page }) => {
  const store = await newStore("Popup Builder Widths");
  await api.post(`/api/stores/${store.id}/popups`, { name: "Black Friday with a rather long name" });
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, ADMIN.email, ADMIN.password);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/store/${store.id}/popup-builder`);
    await expect(popupList(page).getByRole("listitem")).toHaveCount(2);
    if (width === 390) {
      await cardWithHeading(page, "Variants").getByRole("button", { name: "Add variant" }).click();
      await saved(page);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `popup-builder-${width}`);
  }
});
