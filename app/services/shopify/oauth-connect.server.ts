import { Session } from "@shopify/shopify-api";
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { stores } from "~/db/schema";
import { CONNECT_ADMIN_ONLY, MYSHOPIFY_DOMAIN, type ShopifyOauthStartInput } from "~/lib/schemas/shopify";
import { encryptSecret } from "~/server/crypto.server";
import { conflict, invalid, refused, unauthorized, upstreamFailed } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { embeddedAppConfig, oauthUtils, sessionStorage } from "~/shopify.server";
import { enqueue } from "../../../jobs/client";
import { issueOauthState, takeOauthState } from "./oauth-states.server";

/** Where Shopify sends the browser back; listed under [auth] redirect_urls in shopify.app.toml. */
const OAUTH_CALLBACK_PATH = "/auth/shopify/callback";

const OAUTH_NOT_CONFIGURED =
  "Connect with Shopify is not available: the app's Shopify credentials (SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL) are not configured on this server.";
const START_AGAIN = "Start again with Connect with Shopify in the store's Settings.";

function requireOauthConfig() {
  const config = embeddedAppConfig();
  if (!config) throw refused(OAUTH_NOT_CONFIGURED);
  return config;
}

/** The refusal of a shop that another store (its own organization's after an embedded install) is linked to. */
async function refuseShopLinkedElsewhere(shop: string, storeId: string): Promise<void> {
  const [other] = await db()
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.shopifyDomain, shop), ne(stores.id, storeId)));
  if (other) throw shopTaken(shop);
}

const shopTaken = (shop: string) =>
  conflict(
    `${shop} is already connected to another store in Newsletter Popup (for example through the app installed from the Shopify admin). Open the app from that shop's admin, or uninstall it there first.`,
  );

/**
 * POST /api/stores/:id/shopify/oauth, for admins: a single-use state bound to this user and store, and the
 * shop's authorization page the browser goes to (offline access: no per-user grant).
 */
export async function beginShopifyConnect(actor: Actor, storeId: string, input: ShopifyOauthStartInput) {
  authorize(actor, "admin", CONNECT_ADMIN_ONLY);
  const store = await requireStore(actor, storeId);
  if (actor.via !== "session")
    throw refused("Inside the Shopify admin the app's installation is the connection");
  const config = requireOauthConfig();
  if (store.integrationType !== "shopify")
    throw invalid("Only a Shopify store can be connected with Shopify");
  await refuseShopLinkedElsewhere(input.shop, store.id);
  const state = await issueOauthState({ userId: actor.userId, storeId: store.id, shop: input.shop });
  const authorizeUrl = new URL(`https://${input.shop}/admin/oauth/authorize`);
  authorizeUrl.search = new URLSearchParams({
    client_id: config.apiKey,
    scope: config.scopes.join(","),
    redirect_uri: `${config.appUrl}${OAUTH_CALLBACK_PATH}`,
    state,
  }).toString();
  return { authorizeUrl: authorizeUrl.toString() };
}

/** Shopify's answer to the authorization-code grant, with an expiring offline token (shopify.dev). */
const offlineTokenAnswer = z.object({
  access_token: z.string().min(1),
  scope: z.string(),
  expires_in: z.number().positive(),
  refresh_token: z.string().min(1),
  refresh_token_expires_in: z.number().positive(),
});

const secondsFromNow = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** The authorization code exchanged for the shop's expiring offline token, as the shop's offline session. */
async function exchangeCode(shop: string, code: string): Promise<Session> {
  const config = requireOauthConfig();
  const response = await fetch(`https://${shop}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      client_id: config.apiKey,
      client_secret: config.apiSecretKey,
      code,
      expiring: "1",
    }),
  }).catch(() => {
    throw upstreamFailed("Shopify could not be reached. Please try again.");
  });
  // Shopify refuses an unknown, used or expired code with a 400: the attempt is over, not Shopify down.
  if (response.status >= 400 && response.status < 500)
    throw refused(`Shopify did not accept this authorization. ${START_AGAIN}`);
  const answer = offlineTokenAnswer.safeParse(response.ok ? await response.json() : null);
  if (!answer.success) throw upstreamFailed("Shopify did not answer with an access token. Please try again.");
  const token = answer.data;
  return new Session({
    id: oauthUtils().offlineSessionId(shop),
    shop,
    state: "",
    isOnline: false,
    accessToken: token.access_token,
    scope: token.scope,
    expires: secondsFromNow(token.expires_in),
    refreshToken: token.refresh_token,
    refreshTokenExpires: secondsFromNow(token.refresh_token_expires_in),
  });
}

/** The store linked to the shop: found by its myshopify.com domain from now on, Connected, token kept encrypted. */
async function linkStore(storeId: string, session: Session): Promise<void> {
  try {
    await db()
      .update(stores)
      .set({
        integrationType: "shopify",
        shopifyDomain: session.shop,
        shopifyUrl: `https://${session.shop}`,
        shopifyStoreName: session.shop.replace(/\.myshopify\.com$/, ""),
        shopifyAccessToken: encryptSecret(session.accessToken ?? ""),
        isConnected: true,
        updatedAt: new Date(),
      })
      .where(eq(stores.id, storeId));
  } catch (error) {
    // Another store took the shop between the check and now.
    if (isUniqueViolation(error)) throw shopTaken(session.shop);
    throw error;
  }
}

async function hasShopifySignature(query: Record<string, string>): Promise<boolean> {
  try {
    return await oauthUtils().validateHmac(query);
  } catch {
    // No hmac, or a timestamp outside the library's tolerance.
    return false;
  }
}

/**
 * GET /auth/shopify/callback: Shopify's signed redirect, for the user who started the attempt in this
 * browser. The state is taken (single use), the code exchanged for the shop's offline session (the one an
 * embedded install would store), and the store linked to the shop.
 */
export async function completeShopifyConnect(
  actor: Actor | null,
  url: URL,
): Promise<{ storeId: string; shop: string }> {
  requireOauthConfig();
  const query = Object.fromEntries(url.searchParams);
  const shop = MYSHOPIFY_DOMAIN.test(query.shop ?? "") ? oauthUtils().sanitizeShop(query.shop ?? "") : null;
  if (!shop) throw invalid(`The shop in Shopify's answer is not a myshopify.com domain. ${START_AGAIN}`);
  if (!(await hasShopifySignature(query)))
    throw refused(`This answer is not signed by Shopify for this app. ${START_AGAIN}`);
  if (!actor) throw unauthorized(`Sign in to Newsletter Popup, then ${START_AGAIN.toLowerCase()}`);
  const attempt = await takeOauthState(query.state ?? "", actor.userId);
  if (!attempt || attempt.shop !== shop)
    throw refused(`This connection link was already used or was not started by you. ${START_AGAIN}`);
  if (attempt.expiresAt.getTime() < Date.now())
    throw refused(`This connection attempt expired. ${START_AGAIN}`);
  authorize(actor, "admin", CONNECT_ADMIN_ONLY);
  const store = await requireStore(actor, attempt.storeId);
  await refuseShopLinkedElsewhere(shop, store.id);
  const session = await exchangeCode(shop, query.code ?? "");
  await sessionStorage().storeSession(session);
  await linkStore(store.id, session);
  // The theme app embed learns the store id and the app's URL from the shop, as after an install.
  await enqueue("shopify", { type: "publish-storefront-settings", storeId: store.id });
  return { storeId: store.id, shop };
}
