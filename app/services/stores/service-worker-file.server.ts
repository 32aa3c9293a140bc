import { SERVICE_WORKER_FILE_NAME } from "~/lib/install-script";
import { env } from "~/server/env.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "./crud.server";

/**
 * A service worker for the merchant's site root. It answers the popup script (and its later files) and this
 * store's popups from a cache at once and refreshes the cache in the background (stale-while-revalidate),
 * so repeat visitors get the popup without waiting on the network. Everything else passes through
 * untouched. A refused answer (e.g. 410 after the script is regenerated) evicts the cached copy.
 */
export function serviceWorkerSource(appOrigin: string, storeId: string, storeName: string): string {
  const origin = new URL(appOrigin).origin;
  const paths = [
    "/js/newsletter-popup.js",
    "/js/newsletter-popup-view.js",
    "/js/newsletter-popup-wheel.js",
    "/js/newsletter-popup-steps.js",
    "/js/newsletter-popup-success.js",
    `/api/public/stores/${storeId}/popups`,
    `/api/public/stores/${storeId}/popup`,
  ];
  return `/*
 * Newsletter Popup service worker for ${storeName.replace(/\*\//g, "* /")}.
 * Upload this file to the root of your site so it is served as /${SERVICE_WORKER_FILE_NAME}, then register it
 * once on every page (after the popup script):
 *   <script>if ("serviceWorker" in navigator) navigator.serviceWorker.register("/${SERVICE_WORKER_FILE_NAME}");</script>
 * If your site already has a service worker, add importScripts("/${SERVICE_WORKER_FILE_NAME}") to it instead.
 */
const NEWSLETTER_POPUP_CACHE = "newsletter-popup-${storeId}-v1";
const NEWSLETTER_POPUP_ORIGIN = ${JSON.stringify(origin)};
const NEWSLETTER_POPUP_PATHS = ${JSON.stringify(paths)};

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith("newsletter-popup-") && name !== NEWSLETTER_POPUP_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== NEWSLETTER_POPUP_ORIGIN) return;
  if (!NEWSLETTER_POPUP_PATHS.includes(url.pathname)) return;
  event.respondWith(staleWhileRevalidate(event));
});

async function staleWhileRevalidate(event) {
  const cache = await caches.open(NEWSLETTER_POPUP_CACHE);
  const cached = await cache.match(event.request);
  const refresh = fetch(event.request).then(async (response) => {
    if (response.ok || response.type === "opaque") await cache.put(event.request, response.clone());
    else if (response.status >= 400 && response.status < 500) await cache.delete(event.request);
    return response;
  });
  if (!cached) return refresh;
  event.waitUntil(refresh.catch(() => undefined));
  return cached;
}
`;
}

export async function serviceWorkerFile(actor: Actor, storeId: string) {
  authorize(actor, "manage_integrations");
  const store = await requireStore(actor, storeId);
  return {
    fileName: SERVICE_WORKER_FILE_NAME,
    source: serviceWorkerSource(env().APP_URL, store.id, store.name),
  };
}
