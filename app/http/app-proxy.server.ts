import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response } from "express";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import { ttlCache } from "~/server/ttl-cache.server";
import { notFound, unauthorized } from "~/services/errors.server";
import { hasAppProxySignature, isEmbeddedAppEnabled } from "~/shopify.server";
import {
  handleImpression,
  handleSubscribe,
  lenientJson,
  type StorefrontCaller,
  sendChallenge,
  sendPopups,
  sendStorefrontError,
  storefrontJson,
} from "./storefront-calls.server";

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

/** The shopper's address: Shopify names it in X-Forwarded-For (the connection is Shopify's own). */
function shopperIp(req: Request): string {
  const forwarded = req.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
  return isIP(forwarded) ? forwarded : (req.ip ?? "unknown");
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

const callerOf = (res: Response) => res.locals.caller as StorefrontCaller;

appProxyRouter.use("/proxy", signedByShopify);

/** The app embed's popups: always the embed, so each answer also shows the embed as turned on. */
appProxyRouter.get("/proxy/popups", async (req, res) => {
  await sendPopups(req, res, callerOf(res), true);
});

appProxyRouter.get("/proxy/challenge", async (_req, res) => {
  await sendChallenge(res, callerOf(res));
});

appProxyRouter.post("/proxy/subscribe", storefrontJson, async (req, res) => {
  await handleSubscribe(req, res, callerOf(res));
});

appProxyRouter.post("/proxy/impressions", lenientJson, async (req, res) => {
  await handleImpression(req, res, callerOf(res));
});

appProxyRouter.use("/proxy", () => {
  throw notFound("Not found");
});

appProxyRouter.use("/proxy", sendStorefrontError);
