import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type AppApi, apiAs, createStore, type Store, unique } from "./support/api";
import { login } from "./support/auth";
import { expect, test, toast } from "./support/fixtures";
import { screenshot } from "./support/screenshot";
import { ADMIN, MAIN } from "./support/servers";
import { closeServer } from "./support/shop-site";

/**
 * The Integration page: copy, regenerate, verify (against the app's own demo shop page, which installs
 * the script as a merchant would) and the service worker, which then runs in Chromium on a local site.
 */
let api: AppApi;

test.beforeAll(async () => {
  api = await apiAs(MAIN, ADMIN.email, ADMIN.password);
});
test.afterAll(() => api.dispose());

async function storeAt(label: string, page: (store: Store) => string): Promise<Store> {
  const store = await createStore(api, {
    name: unique(label),
    shopifyUrl: "https://placeholder.example.com",
  });
  return api.put<Store>(`/api/stores/${store.id}`, { shopifyUrl: page(store) });
}

const scriptField = (page: import("@playwright/test").Page) =>
  page.getByRole("textbox", { name: "Install script" });

test("copy, regenerate and verify the install script", async ({ page, context }) => {
  const store = await storeAt("Integration Store", (created) => `${MAIN.baseURL}/demo/${created.id}`);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: MAIN.baseURL });
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/integration`);

  await expect(page.getByRole("heading", { name: "Step 1 · Add Your Site" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step 2 · Integrate Newsletter" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Step 3 · Verify Installation" })).toBeVisible();
  await expect(page.getByText("Original version")).toBeVisible();
  await screenshot(page, "integration-pending");

  const original = await scriptField(page).inputValue();
  expect(original).toContain(`data-store-id="${store.id}"`);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
  await expect(toast(page)).toHaveText("Script copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(original);
  await expect(page.getByRole("button", { name: "Copy" })).toBeVisible({ timeout: 4_000 });

  await page.getByRole("button", { name: "Regenerate" }).click();
  const dialog = page.getByRole("dialog", { name: "Regenerate the install script?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Regenerate" }).click();
  await expect(toast(page)).toContainText("New script generated");
  await expect(dialog).toBeHidden();
  await expect(scriptField(page)).toHaveValue(/data-script-version="[\w-]{8}"/);
  await expect(page.getByText(/^Version [\w-]{8}, issued /)).toBeVisible();
  const regenerated = await scriptField(page).inputValue();
  const version = /data-script-version="([\w-]{8})"/.exec(regenerated)?.[1] ?? "";
  const retired = await page.request.get(`${MAIN.baseURL}/api/public/stores/${store.id}/popup`);
  expect(retired.status()).toBe(410);
  const current = await page.request.get(`${MAIN.baseURL}/api/public/stores/${store.id}/popup?v=${version}`);
  expect(current.status()).toBe(200);

  await page.getByRole("button", { name: "Verify installation" }).click();
  await expect(toast(page)).toContainText("The popup script is installed on");
  await expect(page.getByText("Welcome aboard!")).toBeVisible();
  await expect(page.getByText(/^Last checked .*: The popup script is installed/)).toBeVisible();
  await screenshot(page, "integration-verified");
});

test("a site without the script is reported with a warning", async ({ page }) => {
  const store = await storeAt("Bare Site", () => `${MAIN.baseURL}/login`);
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/integration`);
  await page.getByRole("button", { name: "Verify installation" }).click();
  await expect(toast(page)).toContainText(
    "Script not detected on your site: The popup script was not found on",
  );
  await expect(page.getByText("Welcome aboard!")).toHaveCount(0);
  await screenshot(page, "integration-not-detected");
});

test("the downloaded service worker serves the popup from cache on a merchant site", async ({ page }) => {
  const store = await storeAt("Worker Store", () => "https://worker.example.com");
  await login(page, ADMIN.email, ADMIN.password, `/store/${store.id}/integration`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download service worker" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("newsletter-popup-sw.js");
  const worker = fs.readFileSync((await download.path()) ?? "", "utf8");
  expect(worker).toContain(`/api/public/stores/${store.id}/popups`);

  const script = (await api.get<{ script: string }>(`/api/stores/${store.id}/integration-script`)).script;
  const site = await serveMerchantSite(worker, script);
  try {
    await page.goto(site.origin);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The second visit is controlled by the worker: the script, its view and the popups go through its cache.
    await page.reload();
    await expect(page.locator("newsletter-popup")).toHaveCount(1);
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toEqual(
      expect.arrayContaining([
        "/js/newsletter-popup.js",
        "/js/newsletter-popup-view.js",
        `/api/public/stores/${store.id}/popups`,
      ]),
    );
  } finally {
    await site.close();
  }
});

/** A merchant's site on another origin: the install script, the worker at its root, registered. */
async function serveMerchantSite(worker: string, installScript: string) {
  const home = `<!doctype html><html><head><title>Merchant</title>${installScript}
<script>navigator.serviceWorker.register("/newsletter-popup-sw.js");</script></head><body><h1>Merchant site</h1></body></html>`;
  const server = http.createServer((request, response) => {
    if (request.url === "/newsletter-popup-sw.js") {
      response.writeHead(200, { "Content-Type": "text/javascript" }).end(worker);
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html" }).end(home);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => closeServer(server),
  };
}

test("a Shopify store turns on the theme app embed from a new tab, never by editing theme code", async ({
  page,
}) => {
  const shopName = `embed-${Date.now()}`;
  const store = await api.post<Store>("/api/stores", {
    name: unique("Embed Shop"),
    integrationType: "shopify",
    shopifyUrl: `https://${shopName}.myshopify.com`,
    shopifyStoreName: shopName,
  });
  await login(page, ADMIN.email, ADMIN.password);
  for (const [width, height, shot] of [
    [1440, 900, "integration-shopify-1440"],
    [390, 844, "integration-shopify-390"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/store/${store.id}/integration`);
    await expect(page.getByRole("heading", { name: "Step 2 · Turn on the app embed" })).toBeVisible();
    const turnOn = page.getByRole("link", { name: "Turn on the app embed" });
    await expect(turnOn).toHaveAttribute(
      "href",
      new RegExp(
        `^https://${shopName}\\.myshopify\\.com/admin/themes/current/editor\\?context=apps&activateAppId=[^/]+/app-embed$`,
      ),
    );
    await expect(turnOn).toHaveAttribute("target", "_blank");
    await expect(page.getByText("Not seen yet: turn it on, then open your store once")).toBeVisible();
    await expect(scriptField(page)).toHaveCount(0);
    await expect(page.getByText(/theme\.liquid|Edit Code/)).toHaveCount(0);
    // Nor the service worker's snippet: a theme cannot serve a file from the site's root.
    await expect(page.getByRole("button", { name: "Download service worker" })).toHaveCount(0);
    await screenshot(page, shot);
  }
});
