import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { FAKE_SHOP } from "../../mocks/shopify";
import { SUBSCRIBE_ANSWERS } from "../../popup/config";
import { appProxyUrl } from "../support/builders/app-proxy";
import {
  BROWSER_USER_AGENT,
  sessionToken,
  TEST_SHOPIFY_APP,
} from "../support/builders/shopify-session-token";
import { subscribeThroughAppProxy, unique } from "./support/api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { withClient } from "./support/database";
import { cardWithHeading, expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { MAIN } from "./support/servers";
import { installShopifyAdmin, openFromAdminMenu, openInAdmin } from "./support/shopify-admin";
import { openShopStorefront } from "./support/shopify-storefront";

// One fake shop for the whole file: its install, App Proxy visits and settings build on one another in order.
test.describe.configure({ mode: "serial" });

/**
 * The app inside the Shopify admin: the admin page frames /app with a session token, App Bridge (a stub
 * of it, see support/shopify-admin.ts) carries the token on every fetch, draws the nav menu and toasts.
 * The first visit installs the fake shop of mocks/shopify.ts (the server runs with MOCKS=true).
 */
const NAV = [
  "Dashboard",
  "Popup Builder",
  "Subscribers",
  "Campaigns",
  "Automations",
  "Email Templates",
  "Integration",
  "Settings",
];

// Shopify's authenticate.admin answers 410 to user agents it takes for bots, HeadlessChrome among them.
test.use({ userAgent: BROWSER_USER_AGENT });

/** The installed shop's store, as the admin's App Bridge asks for it. */
async function installedStoreId(request: APIRequestContext): Promise<string> {
  const stores = await request.get(`${MAIN.baseURL}/api/stores`, {
    headers: { Authorization: `Bearer ${sessionToken(FAKE_SHOP.domain)}`, "User-Agent": BROWSER_USER_AGENT },
  });
  const [store] = (await stores.json()) as Array<{ id: string }>;
  if (!store) throw new Error("the shop's store was not installed");
  return store.id;
}

test.beforeEach(async ({ context, browserErrors }) => {
  // The test browser refuses storage to a cross-site frame; React Router's scroll restoration catches
  // that and logs it. Inside the real admin Chromium partitions the frame's storage instead.
  browserErrors.allow(/Failed to read the 'sessionStorage' property/);
  await installShopifyAdmin(context, FAKE_SHOP.domain);
});

test("the admin shows the app's screens in its frame, with the app's nav menu", async ({ page }) => {
  const app = await openInAdmin(page);
  await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(app.getByText("Overview of your newsletter management system")).toBeVisible();
  await expect(page.locator("#app-nav a")).toHaveText(NAV);
  // Standalone-only parts have no place inside the admin.
  await expect(app.getByText("Add New Store")).toHaveCount(0);
  await expect(app.getByText("Member Management")).toHaveCount(0);
  await screenshot(page, "embedded-dashboard", { fullPage: false });

  for (const [label, heading, shot] of [
    ["Popup Builder", "Popup Builder", "embedded-popup-builder"],
    ["Subscribers", "Subscribers", "embedded-subscribers"],
    ["Campaigns", "Campaigns", "embedded-campaigns"],
    ["Settings", "Settings", "embedded-settings"],
  ] as const) {
    await openFromAdminMenu(page, app, label);
    await expect(app.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    // The admin's app is the shop's one store: no store selector.
    await expect(app.getByRole("combobox", { name: "Store", exact: true })).toHaveCount(0);
    await screenshot(page, shot, { fullPage: false });
  }
  await expect(page.frames().some((frame) => frame.url().includes("/app/settings"))).toBe(true);
  // The installation holds the Admin API access: no custom-app token editor inside the admin.
  await expect(app.getByText("Connected through the Newsletter Popup app installed on")).toBeVisible();
  await expect(app.getByRole("button", { name: "Edit Access token" })).toHaveCount(0);
});

// The admin's own column takes 220 px: a 610 px window leaves the app a phone's 390.
for (const width of [1440, 610]) {
  test(`every screen in the admin's frame, ${width - 220} px wide, has no critical or serious axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const app = await openInAdmin(page);
    await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(app.getByText("Overview of your newsletter management system")).toBeVisible();
    await expectNoSeriousAxeViolations(page, `the embedded Dashboard at ${width - 220} px`, "#app-iframe");
    for (const label of NAV.slice(1)) {
      await openFromAdminMenu(page, app, label);
      await expectNoSeriousAxeViolations(page, `the embedded ${label} at ${width - 220} px`, "#app-iframe");
    }
  });
}

test("a save inside the admin goes through the session token and toasts through App Bridge", async ({
  page,
}) => {
  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Popup Builder");
  await expect(app.getByRole("heading", { name: "Popup Builder", level: 1 })).toBeVisible();
  await app.getByRole("button", { name: "Save social links" }).click();
  await expect(page.locator("#toasts .toast")).toHaveText("Success: Social media links updated successfully");
  await expect(app.locator(".Polaris-Frame-Toast")).toHaveCount(0);
});

test("a form inside the admin shows App Bridge's save bar: Save saves, Discard reverts, leaving asks first", async ({
  page,
}) => {
  const saveBar = page.getByRole("region", { name: "Unsaved changes" });
  const leave = page.getByRole("dialog", { name: "Leave page with unsaved changes?" });
  const subject = `Welcome aboard ${Date.now()}`;
  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Email Templates");
  const field = app.getByLabel("Subject", { exact: true });
  const saved = await field.inputValue();
  await expect(saveBar).toBeHidden();

  // Discard puts the saved template back, and the bar goes.
  await field.fill(subject);
  await expect(saveBar).toBeVisible();
  await screenshot(page, "embedded-save-bar", { fullPage: false });
  await saveBar.getByRole("button", { name: "Discard" }).click();
  await expect(field).toHaveValue(saved);
  await expect(saveBar).toBeHidden();

  // The admin's menu asks before leaving; staying keeps the edit.
  await field.fill(subject);
  await page.locator("#app-nav a", { hasText: "Dashboard" }).click();
  await expect(leave).toBeVisible();
  await screenshot(page, "embedded-leave-question", { fullPage: false });
  await leave.getByRole("button", { name: "Stay" }).click();
  await expect(field).toHaveValue(subject);

  // Save saves: the toast, no bar, and the subject is there when the screen is read again.
  await saveBar.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("#toasts .toast").last()).toHaveText(
    "Success: Email template updated successfully",
  );
  await expect(saveBar).toBeHidden();
  await openFromAdminMenu(page, app, "Dashboard");
  await openFromAdminMenu(page, app, "Email Templates");
  await expect(field).toHaveValue(subject);

  // A link inside the app asks too (App Bridge's leave confirmation); leaving drops the edit.
  await field.fill(`${subject} (unsaved)`);
  await app.getByRole("link", { name: "View detailed analytics" }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Leave page" }).click();
  await expect(app.getByRole("heading", { name: "Email Analytics", level: 1 })).toBeVisible();
  await expect(saveBar).toBeHidden();
});

test("a confirmation inside the admin is App Bridge's modal, drawn by the admin", async ({ page }) => {
  const email = `noah-${Date.now()}@northwind-buyers.example`;
  await subscribeThroughAppProxy(MAIN, FAKE_SHOP.domain, email);
  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Subscribers");
  const dialog = page.getByRole("dialog", { name: "Delete subscriber" });

  await app.getByRole("button", { name: `Delete ${email}` }).click();
  await expect(dialog).toContainText(`Are you sure you want to delete ${email}?`);
  await expect(app.getByRole("dialog")).toHaveCount(0);
  await screenshot(page, "embedded-confirm-modal", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByText(email)).toBeVisible();

  await app.getByRole("button", { name: `Delete ${email}` }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByText(email)).toHaveCount(0);
});

test("subscribers export as CSV from inside the admin, where downloads carry the session token", async ({
  page,
  request,
}) => {
  await installedStoreId(request); // the shop is installed: its store answers through the App Proxy
  const email = `ava-${Date.now()}@northwind-buyers.example`;
  await subscribeThroughAppProxy(MAIN, FAKE_SHOP.domain, email);

  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Subscribers");
  await expect(app.getByText(email)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    app.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^subscribers-.+\.csv$/);
  expect(fs.readFileSync(await download.path(), "utf8")).toContain(email);
});

test("subscribers import from a CSV file inside the admin, the upload carrying the session token", async ({
  page,
}) => {
  const email = `iris-${Date.now()}@northwind-buyers.example`;
  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Subscribers");
  await expect(app.getByRole("heading", { name: "Subscribers", level: 1 })).toBeVisible();
  await app.getByRole("button", { name: "Import CSV" }).click();
  const dialog = app.getByRole("dialog");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "list.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`email,name\n${email},Iris\n`),
  });
  await dialog.getByLabel("I have consent from everyone in this file to send them marketing email").check();
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog).toContainText("1 subscribed, 0 recorded as not subscribed, 0 updated, 0 skipped.");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(app.getByText(email)).toBeVisible();
});

test("turning consent sync on inside the admin asks the merchant for customer access first", async ({
  page,
}) => {
  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Settings");
  const toggle = app.getByRole("checkbox", { name: "Add subscribers to Shopify customers" });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(page.locator("#toasts .grant-request")).toHaveText("Grant write_customers");
  await expect(page.locator("#toasts .toast")).toHaveText(
    "Success: Subscribers are being added to Shopify as customers who accept email marketing",
  );
  await expect(toggle).toBeChecked();
  // Back off, so that the other tests' subscribers stay out of the fake shop's customers.
  await toggle.uncheck();
  await expect(page.locator("#toasts .toast").last()).toHaveText(
    "Success: Subscribers are no longer copied to Shopify",
  );
});

test("a shop whose token Shopify refused is told so in Settings, and reconnects on trying again", async ({
  page,
}) => {
  const shop = FAKE_SHOP.domain;
  // Shopify refused the token and the shop's session token has not been exchanged since.
  await withClient(MAIN, (client) =>
    client.query(
      "update stores set is_connected = false, shopify_refused_at = now() where shopify_domain = $1",
      [shop],
    ),
  );
  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Settings");
  await expect(app.getByText(`Shopify refused this app's access to ${shop}`)).toBeVisible();
  await expect(app.getByText("Not Connected")).toBeVisible();

  // The refused token forgotten, as the app does: the next request's session token is exchanged for a new one.
  await withClient(MAIN, (client) =>
    client.query("update shopify_sessions set access_token = '', refresh_token = null where shop = $1", [
      shop,
    ]),
  );
  // The page is drawn before it hydrates, and a click that early does nothing: as a merchant would, click again.
  const refused = app.getByText("Shopify refused this app's access");
  await expect(async () => {
    if ((await refused.count()) > 0)
      await app.getByRole("button", { name: "Try again" }).click({ timeout: 2_000 });
    await expect(refused).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(app.getByText("Connected", { exact: true })).toBeVisible();
});

test("the Integration page turns on the theme app embed, and shows when the storefront last loaded it", async ({
  page,
  request,
}) => {
  await installedStoreId(request); // the shop is installed: its store answers through the App Proxy

  for (const [width, height, shot] of [
    [1440, 900, "embedded-integration-1440"],
    [390, 844, "embedded-integration-390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    const app = await openInAdmin(page);
    await openFromAdminMenu(page, app, "Integration");
    await expect(app.getByRole("heading", { name: "Step 2 · Turn on the app embed" })).toBeVisible();
    const turnOn = app.getByRole("link", { name: "Turn on the app embed" });
    await expect(turnOn).toHaveAttribute(
      "href",
      `https://${FAKE_SHOP.domain}/admin/themes/current/editor?context=apps&activateAppId=${TEST_SHOPIFY_APP.apiKey}/app-embed`,
    );
    // The theme editor is the admin's own page: it replaces the admin, not the app's frame.
    await expect(turnOn).toHaveAttribute("target", "_top");
    // No theme code to edit, no script to paste.
    await expect(app.getByText(/theme\.liquid|Edit Code/)).toHaveCount(0);
    await expect(app.getByRole("textbox", { name: "Install script" })).toHaveCount(0);
    // Nor the service worker's: a theme cannot serve a file from the site's root.
    await expect(app.getByRole("button", { name: "Download service worker" })).toHaveCount(0);
    await screenshot(page, shot);
  }

  const app = page.frameLocator("#app-iframe");
  await expect(app.getByText("Not seen yet: turn it on, then open your store once")).toBeVisible();
  // The storefront loads the popup through the app embed, which calls the shop's App Proxy.
  await request.get(`${MAIN.baseURL}${appProxyUrl("popups?e=1", FAKE_SHOP.domain)}`);
  await app.getByRole("button", { name: "Check again" }).click();
  await expect(app.getByText("App embed is on — last seen on your storefront just now")).toBeVisible();
  await screenshot(page, "embedded-integration-seen");
});

/**
 * The shop's storefront (support/shopify-storefront.ts): the theme app embed's script calls the shop's App
 * Proxy on the shop's own domain, never the app's public endpoints, and solves the bot check while the
 * visitor types. After the Integration test above, which expects the embed not seen yet.
 */
async function subscribeOnStorefront(page: Page) {
  const popup = page.locator("newsletter-popup").getByRole("dialog");
  await expect(popup).toBeVisible();
  await popup.getByLabel("Email address").fill(`${unique("shopper")}@acme-corp.example`);
  await popup.getByRole("button", { name: "SUBMIT" }).click();
  return popup;
}

test("the storefront's popup subscribes through the shop's App Proxy and shows the subscriber's own code", async ({
  page,
  request,
}) => {
  const storeId = await installedStoreId(request);
  const appCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(`${MAIN.baseURL}/api/public/`)) appCalls.push(request.url());
  });
  for (const [width, height, shot] of [
    [1440, 900, "storefront-app-proxy-1440"],
    [390, 844, "storefront-app-proxy-390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    const { proxied } = await openShopStorefront(page, FAKE_SHOP.domain, storeId);
    const popup = await subscribeOnStorefront(page);
    await expect(popup.getByRole("heading", { name: SUBSCRIBE_ANSWERS.welcome })).toBeVisible();
    await expect(popup.getByLabel("Discount code")).toHaveValue(/^WELCOME15-/);
    await screenshot(page, shot, { fullPage: false });
    expect(proxied).toEqual(
      expect.arrayContaining(["GET /popups", "GET /challenge", "POST /subscribe", "POST /impressions"]),
    );
    // A new visitor for the next width: a subscriber is not shown the popup again.
    await page.evaluate(() => localStorage.clear());
    await page.unroute(`https://${FAKE_SHOP.domain}/**`);
  }
  // Everything went through the shop's domain: nothing called the app's public endpoints directly.
  expect(appCalls).toEqual([]);
});

for (const [missing, takeAway] of [
  // No Web Crypto (an insecure page): the popup sends no proof (popup/subscription.ts).
  ["Web Crypto", () => Object.defineProperty(window.crypto, "subtle", { get: () => undefined })],
  // No Worker to solve it in: no proof either, rather than work on the page's main thread.
  ["Worker", () => Object.defineProperty(window, "Worker", { value: undefined })],
] as const) {
  test(`a browser without ${missing} still subscribes, and is asked to confirm first`, async ({
    page,
    request,
  }) => {
    const storeId = await installedStoreId(request);
    await page.addInitScript(takeAway);
    await openShopStorefront(page, FAKE_SHOP.domain, storeId);
    const popup = await subscribeOnStorefront(page);
    await expect(popup.getByText(SUBSCRIBE_ANSWERS.confirm)).toBeVisible();
    await expect(popup.getByLabel("Discount code")).toHaveCount(0);
    await screenshot(
      page,
      `storefront-app-proxy-confirm-without-${missing.replace(" ", "-").toLowerCase()}`,
      {
        fullPage: false,
      },
    );
  });
}

test("the popup builder sends the merchant to try the popup on the shop's own storefront", async ({
  page,
}) => {
  const app = await openInAdmin(page);
  await openFromAdminMenu(page, app, "Popup Builder");
  // The demo page would subscribe around the shop's App Proxy, which the shop's store refuses.
  await expect(app.getByRole("link", { name: "Open your storefront" })).toHaveAttribute(
    "href",
    `https://${FAKE_SHOP.domain}`,
  );
  await expect(app.getByRole("link", { name: "Open demo page" })).toHaveCount(0);
});

test("the home's setup checklist shows what is left with the way to do it, and goes once all is done", async ({
  page,
  request,
}) => {
  const storeId = await installedStoreId(request);
  // By now the storefront loaded the embed, the default popup is on and shoppers subscribed: email and the
  // postal address are left.
  const app = await openInAdmin(page);
  const checklist = cardWithHeading(app, "Set up your popup");
  await expect(checklist).toContainText("3 of 5 done");
  await expect(checklist).toContainText(/Seen on your storefront .+ ago|just now/);
  await expect(checklist.getByRole("link", { name: "Set up email" })).toHaveAttribute(
    "href",
    "/app/settings",
  );
  await screenshot(page, "embedded-setup-checklist-1440", { fullPage: false });
  await page.setViewportSize({ width: 610, height: 900 });
  await expect(checklist).toContainText("3 of 5 done");
  await screenshot(page, "embedded-setup-checklist-390", { fullPage: false });

  const headers = {
    Authorization: `Bearer ${sessionToken(FAKE_SHOP.domain)}`,
    "User-Agent": BROWSER_USER_AGENT,
    Origin: MAIN.baseURL,
  };
  const saved = await request.put(`${MAIN.baseURL}/api/stores/${storeId}/email-settings`, {
    headers,
    data: { smtpHost: "127.0.0.1", smtpPort: 2525, fromEmail: `hello@${FAKE_SHOP.domain}` },
  });
  expect(saved.status()).toBe(200);
  await openInAdmin(page);
  await expect(checklist).toContainText("4 of 5 done");
  await expect(checklist.getByRole("link", { name: "Add your postal address" })).toHaveAttribute(
    "href",
    "/app/email-templates",
  );
  const addressed = await request.put(`${MAIN.baseURL}/api/stores/${storeId}/email-template`, {
    headers,
    data: { companyAddress: "1 Harbour Street, Springfield" },
  });
  expect(addressed.status()).toBe(200);
  await openInAdmin(page);
  const done = cardWithHeading(app, "Your popup is set up");
  await expect(done).toContainText("5 of 5 done");
  await done.getByRole("button", { name: "Dismiss" }).click();
  await expect(done).toHaveCount(0);
  await expect(app.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});
