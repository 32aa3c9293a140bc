import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response } from "express";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import { notFound, unauthorized } from "~/server/domain-errors.server";
import { ttlCache } from "~/server/ttl-cache.server";
import { hasAppProxySignature, isEmbeddedAppEnabled } from "~/shopify.server";
import { clientHop, forwardedHops, type TrustHop } from "./forwarded-for.server";
import { type StorefrontCaller, sendStorefrontError, serveStorefrontCalls } from "./storefront-calls.server";

/**
 * The storefront calls of a shop that installed the app, through its App Proxy (shopify.app.toml
 * [app_proxy]): the theme app embed calls /apps/newsletter-popup/… on the shop's own domain, and Shopify
 * forwards it here with the shop and a signature under the app's secret. Only a signed request gets an
 * answer, and it is for the store of the shop that signed it: the store id is never taken from the client.
 */
export const appProxyRouter = express.Router();

export const NOT_FROM_SHOPIFY = "This request did not come through the shop's storefront";
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The query as Shopify signed it: every parameter, a repeated one with its values joined by commas. */
function signedQuery(req: Request): Record<string, string> {
  const values = new Map<string, string[]>();
  for (const [key, value] of new URL(req.originalUrl, "http://proxy").searchParams) {
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  return Object.fromEntries([...values].map(([key, list]) => [key, list.join(",")]));
}

/** A signed shop's store, remembered briefly: only shops Shopify signed for are ever looked up. */
const storeOfShop = ttlCache<string | null>(30_000);

async function storeIdOf(shop: string): Promise<string | null> {
  return storeOfShop.remember(shop, async () => {
    const [store] = await db().select({ id: stores.id }).from(stores).where(eq(stores.shopifyDomain, shop));
    return store?.id ?? null;
  });
}

/**
 * The shopper's address: the X-Forwarded-For entry Shopify's proxy appended as it forwarded the request,
 * the one just before Shopify's own address (the client of our proxies, TRUST_PROXY). Entries further left
 * came from the shopper's request itself, so they could name anyone; without the entry, Shopify's address.
 */
function shopperIp(req: Request): string {
  const hops = forwardedHops(req.socket.remoteAddress, req.get("x-forwarded-for"));
  const appended = hops[clientHop(hops, req.app.get("trust proxy fn") as TrustHop) + 1] ?? "";
  return isIP(appended) ? appended : (req.ip ?? "unknown");
}

async function signedByShopify(req: Request, res: Response, next: NextFunction) {
  if (!isEmbeddedAppEnabled()) throw notFound("Not found");
  const query = signedQuery(req);
  const shop = query.shop ?? "";
  if (!SHOP_DOMAIN.test(shop) || !(await hasAppProxySignature(query))) throw unauthorized(NOT_FROM_SHOPIFY);
  const storeId = await storeIdOf(shop);
  if (!storeId) throw notFound("Popup not found");
  const caller: StorefrontCaller = { storeId, ip: shopperIp(req), throughAppProxy: true };
  res.locals.caller = caller;
  next();
}

appProxyRouter.use("/proxy", signedByShopify);

/** The app embed's calls: always the embed, so each popups answer also shows the embed as turned on. */
serveStorefrontCalls(
  appProxyRouter,
  "/proxy",
  (_req, res) => res.locals.caller as StorefrontCaller,
  () => true,
);

appProxyRouter.use("/proxy", () => {
  throw notFound("Not found");
});

appProxyRouter.use("/proxy", sendStorefrontError);
