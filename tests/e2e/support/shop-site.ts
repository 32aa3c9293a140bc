import http from "node:http";
import type { AddressInfo } from "node:net";
import type { E2EServer } from "./servers";

export type ShopSite = { url: string; close(): Promise<void> };

/**
 * Stops a test's own web server at once: the browser profile outlives the test (warm-context.ts) and keeps
 * its connections to the site open, which `close()` alone would wait for.
 */
export function closeServer(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}

/** What a test adds to every page of the site: CSS after the site's own, markup at the top of the body. */
export type ShopSiteExtras = { css?: string; header?: string };

/**
 * A merchant's own site on another origin: a plain page at whatever path is asked for, each with the
 * install script tag in its head as the Integration page gives it, and a button of the page (the page links
 * the other paths so a test can move between them).
 */
export async function startShopSite(
  app: E2EServer,
  storeId: string,
  extras: ShopSiteExtras = {},
): Promise<ShopSite> {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://shop").pathname;
    if (path === "/favicon.ico") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Shop · ${path}</title><link rel="icon" href="data:,">
<style>body{margin:0;font-family:Georgia,serif;color:#222;background:#f6f4ef}main{max-width:900px;margin:0 auto;padding:24px}.story{height:1400px}${extras.css ?? ""}</style>
<script async src="${app.baseURL}/js/newsletter-popup.js" data-store-id="${storeId}" data-popup-config="auto" data-integration-type="website"></script>
</head><body>${extras.header ?? ""}<main><h1>Page ${path}</h1>
<nav><a href="/products/shirt">Shirt</a> · <a href="/blog/post">Blog</a> · <a href="/">Home</a></nav>
<button type="button" id="page-button">A button of the page</button>
<p class="story">Our linen shirts are woven in small batches.</p></main></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => closeServer(server),
  };
}
