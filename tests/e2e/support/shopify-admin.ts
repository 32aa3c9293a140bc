import { type BrowserContext, expect, type FrameLocator, type Page } from "@playwright/test";
import { embeddedUrl, sessionToken } from "../../support/builders/shopify-session-token";
import { ADMIN_OVERLAYS, FRAME_OVERLAYS, OVERLAY_STYLES } from "./app-bridge-overlays";
import { MAIN } from "./servers";

/**
 * The Shopify admin, as far as an embedded app can tell: a page on https://admin.shopify.com that frames
 * the app at /app?embedded=1&shop=…&host=…&id_token=…, and App Bridge (whose CDN script is unreachable
 * here) replaced by a stub that does what the real one does for the app:
 *   - window.shopify.idToken() resolves to a session token, and same-origin fetches carry it as
 *     `Authorization: Bearer …` (App Bridge patches fetch);
 *   - <ui-nav-menu> is not drawn in the frame: its links go to the admin's left column, and choosing one
 *     dispatches `shopify:navigate` on the link inside the app;
 *   - shopify.toast.show() draws the toast in the admin, outside the app's frame;
 *   - shopify.scopes.request() notes the grant modal in the admin and grants the optional scopes asked for;
 *   - the save bar, modals and the leave question are drawn in the admin (support/app-bridge-overlays.ts).
 */
export const ADMIN_URL = "https://admin.shopify.com/store/acme-test/apps/newsletter-popup";
const APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";
const POLARIS_URL = "https://cdn.shopify.com/shopifycloud/polaris.js";
/** Long enough for one test; the real App Bridge fetches a fresh one-minute token for every request. */
const TOKEN_LIFETIME_SECONDS = 600;

function appBridgeStub(token: string, shop: string): string {
  return `(() => {
  const token = ${JSON.stringify(token)};
  const script = document.currentScript;
  const granted = new Set(["read_orders", "write_discounts"]);
  const toParent = (message) => window.parent.postMessage({ source: "app-bridge-stub", ...message }, "*");
  window.shopify = {
    config: { apiKey: script?.dataset.apiKey ?? "", shop: ${JSON.stringify(shop)}, locale: "en" },
    origin: window.location.origin,
    ready: Promise.resolve(),
    idToken: () => Promise.resolve(token),
    loading: () => {},
    // Scopes API: optional scopes start ungranted; a request shows Shopify's grant modal (here a line in the
    // admin page) and the merchant grants them.
    scopes: {
      query: () => Promise.resolve({ granted: [...granted], required: [], optional: [] }),
      request: (scopes) => {
        toParent({ type: "scopes-request", scopes });
        for (const scope of scopes) granted.add(scope);
        return Promise.resolve({ result: "granted-all", detail: { granted: [...granted], required: [], optional: [] } });
      },
    },
    toast: {
      show: (message, options = {}) => {
        toParent({ type: "toast", message, isError: Boolean(options.isError) });
        return "toast";
      },
      hide: () => {},
    },
  };
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin) return originalFetch(input, init);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has("Authorization")) headers.set("Authorization", "Bearer " + (await window.shopify.idToken()));
    return originalFetch(input, { ...init, headers });
  };
  class NavMenu extends HTMLElement {
    connectedCallback() {
      this.style.display = "none";
      // Like App Bridge, follow the menu's links as they are parsed and as the app changes them.
      const send = () => {
        const items = [...this.querySelectorAll("a")].map((link) => ({
          label: link.textContent,
          href: link.getAttribute("href"),
          home: link.getAttribute("rel") === "home",
        }));
        toParent({ type: "nav", items });
      };
      new MutationObserver(send).observe(this, { childList: true, subtree: true, characterData: true });
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", send);
      else send();
    }
  }
  customElements.define("ui-nav-menu", NavMenu);
${FRAME_OVERLAYS}
  window.addEventListener("message", (event) => {
    if (event.data?.type !== "navigate") return;
    const link = document.querySelector('ui-nav-menu a[href="' + event.data.href + '"]');
    link?.dispatchEvent(new CustomEvent("shopify:navigate", { bubbles: true }));
  });
})();`;
}

function adminPage(appUrl: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Newsletter Popup · Shopify</title>
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; display: grid; grid-template-columns: 220px 1fr; height: 100vh; background: #f1f1f1; }
  nav { padding: 16px 8px; background: #ebebeb; border-right: 1px solid #ddd; }
  nav a { display: block; padding: 6px 12px; color: #303030; text-decoration: none; border-radius: 8px; cursor: pointer; }
  nav a.home { font-weight: 600; }
  iframe { width: 100%; height: 100%; border: 0; background: #fff; }
  #toasts { position: fixed; bottom: 24px; left: 50%; transform: translateX(-50%); }
  .toast { background: #303030; color: #fff; padding: 10px 16px; border-radius: 8px; margin-top: 8px; }
  .toast.error { background: #8e1f0b; }
${OVERLAY_STYLES}
</style></head>
<body>
  <nav aria-label="App navigation" id="app-nav"></nav>
  <iframe id="app-iframe" title="Newsletter Popup" src="${appUrl}"></iframe>
  <div id="toasts" role="status"></div>
  <div id="save-bar" role="region" aria-label="Unsaved changes" hidden></div>
  <div id="modal" role="dialog" aria-modal="true" aria-labelledby="modal-title" hidden></div>
  <script>
    const frame = document.getElementById("app-iframe");
${ADMIN_OVERLAYS}
    window.addEventListener("message", (event) => {
      const message = event.data;
      if (message?.source !== "app-bridge-stub") return;
      if (message.type === "nav") {
        const nav = document.getElementById("app-nav");
        nav.replaceChildren(...message.items.map((item) => {
          const link = document.createElement("a");
          link.textContent = item.label;
          if (item.home) link.className = "home";
          link.addEventListener("click", guardedNavigation(() => frame.contentWindow.postMessage({ type: "navigate", href: item.href }, "*")));
          return link;
        }));
      }
      if (message.type === "scopes-request") {
        const request = document.createElement("div");
        request.className = "grant-request";
        request.textContent = "Grant " + message.scopes.join(", ");
        document.getElementById("toasts").append(request);
      }
      if (message.type === "toast") {
        const toast = document.createElement("div");
        toast.className = message.isError ? "toast error" : "toast";
        toast.textContent = message.message;
        document.getElementById("toasts").append(toast);
      }
    });
  </script>
</body></html>`;
}

/** Serves the fake admin page and the App Bridge stub for every page of the context. */
export async function installShopifyAdmin(context: BrowserContext, shop: string, path = "/app") {
  const now = Math.floor(Date.now() / 1000);
  const token = sessionToken(shop, { exp: now + TOKEN_LIFETIME_SECONDS });
  const appUrl = `${MAIN.baseURL}${embeddedUrl(path, shop, token)}`;
  // The real admin frames the app from its public URL; here the app is on localhost, which Chromium's
  // local network access checks refuse to a public page unless the page was granted the permission.
  await context.grantPermissions(["local-network-access"], { origin: new URL(ADMIN_URL).origin });
  await context.route(APP_BRIDGE_URL, (route) =>
    route.fulfill({ contentType: "text/javascript", body: appBridgeStub(token, shop) }),
  );
  await context.route(POLARIS_URL, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
  await context.route(`${ADMIN_URL}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: adminPage(appUrl) }),
  );
}

/** Opens the app in the admin and returns its frame. */
export async function openInAdmin(page: Page): Promise<FrameLocator> {
  await page.goto(ADMIN_URL);
  return page.frameLocator("#app-iframe");
}

/**
 * Opens a screen from the admin's app menu. The menu is drawn from the server-rendered page, before the app has
 * hydrated and listens for navigation, so a click that early does nothing: as a merchant would, click again.
 */
export async function openFromAdminMenu(page: Page, app: FrameLocator, label: string): Promise<void> {
  await expect(async () => {
    await page.locator("#app-nav a", { hasText: label }).click();
    await expect(app.getByRole("heading", { name: label, level: 1 })).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 20_000 });
}
