import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { APP_PROXY_PREFIX, appProxyUrl } from "../../support/builders/app-proxy";
import { MAIN } from "./servers";

/**
 * A Shopify storefront, as far as the app embed can tell: the shop's page on https://{shop} with the
 * embed block's <script> as blocks/app-embed.liquid renders it, the script from the theme's CDN (here the
 * built files), and Shopify's App Proxy, which signs each /apps/newsletter-popup/… call with the app's
 * secret and forwards it to the app's /proxy/… with the shopper's address in X-Forwarded-For.
 */
const EMBED_BLOCK = path.resolve("extensions/newsletter-popup/blocks/app-embed.liquid");
const BUILT_SCRIPTS = path.resolve("build/popup");
export const SHOPPER_IP = "198.51.100.23";

/** The embed block's script tag with Liquid's values filled in, as the theme would serve it. */
function embedScriptTag(storeId: string): string {
  const tag = /<script[\s\S]*?<\/script>/.exec(fs.readFileSync(EMBED_BLOCK, "utf8"))?.[0];
  if (!tag) throw new Error("the app embed block has no script tag");
  return tag
    .replace("{{ 'newsletter-popup.js' | asset_url }}", "/cdn/newsletter-popup.js")
    .replace("{{ store_id | escape }}", storeId)
    .replace("{{ api_origin | escape }}", MAIN.baseURL)
    .replace(/\{% if script_version[\s\S]*?\{% endif %\}/, "");
}

/** Opens the shop's home page; `proxied` collects the paths the storefront called through the App Proxy. */
export async function openShopStorefront(page: Page, shop: string, storeId: string) {
  const proxied: string[] = [];
  await page.route(`https://${shop}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === "/") {
      const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme storefront</title>
        <link rel="icon" href="data:,"></head><body><h1>Acme storefront</h1>${embedScriptTag(storeId)}</body></html>`;
      return route.fulfill({ contentType: "text/html", body });
    }
    if (url.pathname.startsWith("/cdn/")) {
      return route.fulfill({ path: path.join(BUILT_SCRIPTS, path.basename(url.pathname)) });
    }
    if (url.pathname.startsWith(`${APP_PROXY_PREFIX}/`)) {
      const forwardedPath = url.pathname.slice(APP_PROXY_PREFIX.length);
      proxied.push(`${route.request().method()} ${forwardedPath}`);
      const response = await route.fetch({
        url: `${MAIN.baseURL}${appProxyUrl(`${forwardedPath}${url.search}`, shop)}`,
        headers: { ...route.request().headers(), "x-forwarded-for": SHOPPER_IP },
      });
      return route.fulfill({ response });
    }
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto(`https://${shop}/`);
  return { proxied };
}
