import {
  HttpResponseError,
  InvalidHmacError,
  InvalidJwtError,
  LogSeverity,
  shopifyApi,
} from "@shopify/shopify-api";
import { type ApiVersion, AppDistribution, shopifyApp } from "@shopify/shopify-app-react-router/server";
import { DrizzleSessionStoragePostgres } from "@shopify/shopify-app-session-storage-drizzle";
import { db } from "~/db/client.server";
import { shopifySessions } from "~/db/schema";
import { env } from "~/server/env.server";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { connectInstalledShop } from "~/services/shopify/install.server";
import { EncryptedSessionStorage } from "~/services/shopify/session-storage.server";

/** Embedded mode is on only with the Partner app's credentials and public URL; standalone runs without them. */
export function embeddedAppConfig() {
  const { SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL, SCOPES } = env();
  if (!SHOPIFY_API_KEY || !SHOPIFY_API_SECRET || !SHOPIFY_APP_URL) return null;
  return {
    apiKey: SHOPIFY_API_KEY,
    apiSecretKey: SHOPIFY_API_SECRET,
    appUrl: SHOPIFY_APP_URL,
    scopes: SCOPES?.split(",").map((scope) => scope.trim()) ?? [],
  };
}

/**
 * Where a merchant installs the app from Shopify (installs start there, never by typing a shop's domain):
 * SHOPIFY_INSTALL_URL, else Shopify's install link for the app, on which the merchant picks the shop.
 */
export function shopifyInstallUrl(apiKey: string): string {
  return (
    env().SHOPIFY_INSTALL_URL ??
    `https://admin.shopify.com/oauth/install?client_id=${encodeURIComponent(apiKey)}`
  );
}

export function isEmbeddedAppEnabled(): boolean {
  return embeddedAppConfig() !== null;
}

type AdapterSessionTable = ConstructorParameters<typeof DrizzleSessionStoragePostgres>[1];
/**
 * The adapter's table type declares accessToken NOT NULL because the adapter always writes a string;
 * our column allows null (drizzle/0008), which the adapter never writes, so the runtime shapes agree.
 */
const sessionTable = shopifySessions as unknown as AdapterSessionTable;

/** One of the library's versions (checked where it is declared). */
const API_VERSION = SHOPIFY_API_VERSION as ApiVersion;

const AUTH_PATH_PREFIX = "/auth";
/** Shopify's page that takes the admin's top window to `?exitIframe=`, and its login path (App Store installs). */
const EXIT_IFRAME_PATH = `${AUTH_PATH_PREFIX}/exit-iframe`;
const LOGIN_PATH = `${AUTH_PATH_PREFIX}/login`;

function createEmbeddedApp(config: NonNullable<ReturnType<typeof embeddedAppConfig>>) {
  return shopifyApp({
    ...config,
    apiVersion: API_VERSION,
    authPathPrefix: AUTH_PATH_PREFIX,
    distribution: AppDistribution.AppStore,
    // The library logs to the console: warnings only, the app's own log (pino) says what happened.
    logger: { level: LogSeverity.Warning },
    sessionStorage: new EncryptedSessionStorage(new DrizzleSessionStoragePostgres(db(), sessionTable)),
    // Offline tokens that expire and refresh themselves: Shopify's requirement for new public apps.
    future: { expiringOfflineAccessTokens: true },
    hooks: {
      // Runs after each token exchange that stored a new offline session: a first install, a reinstall, or
      // the first session token after Shopify refused the previous token (docs/decisions/161).
      afterAuth: async ({ session }) => {
        const { connected } = await connectInstalledShop(session);
        // Still refused: the shop's next session token exchanges again.
        if (!connected) await forgetOfflineToken(session.shop);
      },
    },
  });
}

type EmbeddedApp = ReturnType<typeof createEmbeddedApp>;
let embeddedApp: EmbeddedApp | undefined;

/**
 * The configured Shopify app, built on first use so that the standalone dashboard (no SHOPIFY_* variables)
 * never touches it. Without the variables, every embedded route answers 404.
 */
function shopify(): EmbeddedApp {
  if (embeddedApp) return embeddedApp;
  const config = embeddedAppConfig();
  if (!config) throw new Response("Not Found", { status: 404 });
  embeddedApp = createEmbeddedApp(config);
  return embeddedApp;
}

let libraryApi: ReturnType<typeof shopifyApi> | undefined;

/**
 * The Shopify library alone, for the checks the app runs itself, with no session lookup: a webhook's HMAC of
 * the raw body and its headers (authenticate.webhook goes on to load the shop's offline session and refresh it
 * when it has expired, which fails for a shop that just uninstalled the app; no webhook work needs that
 * session), and App Proxy signatures (a storefront request must not wait for a session).
 */
function library() {
  if (libraryApi) return libraryApi;
  const config = embeddedAppConfig();
  if (!config) throw new Response("Not Found", { status: 404 });
  const appUrl = new URL(config.appUrl);
  libraryApi = shopifyApi({
    ...config,
    apiVersion: API_VERSION,
    hostName: appUrl.host,
    hostScheme: appUrl.protocol === "http:" ? "http" : "https",
    isEmbeddedApp: true,
    // The app's own shopifyApp instance already logs the library's version and future flags at start.
    logger: { level: LogSeverity.Warning },
  });
  return libraryApi;
}

export const validateWebhook = (rawBody: string, request: Request) =>
  library().webhooks.validate({ rawBody, rawRequest: request });

/**
 * Whether a request's query carries Shopify's App Proxy signature under the app's secret, made within the
 * library's 90 s of clock tolerance. A missing or stale signature is a refusal, not an error.
 */
export async function hasAppProxySignature(query: Record<string, string>): Promise<boolean> {
  try {
    return await library().utils.validateHmac(query, { signator: "appProxy" });
  } catch (error) {
    if (error instanceof InvalidHmacError) return false;
    throw error;
  }
}

/** A session token's claims when it was signed with the app's secret for the app's key, unexpired; else null. */
async function sessionTokenClaims(token: string) {
  try {
    return await library().session.decodeSessionToken(token);
  } catch (error) {
    if (error instanceof InvalidJwtError) return null;
    throw error;
  }
}

/** The shop a token's `dest` names (https://{shop}.myshopify.com), or null when it names anything else. */
function shopOfDest(dest: string): string | null {
  const host = URL.canParse(dest) ? new URL(dest).hostname : "";
  return library().utils.sanitizeShop(host) ?? null;
}

/**
 * The shop an App Bridge session token (`id_token`) was signed for with the app's secret, for the app's key;
 * null for none, a forged, expired or another app's token, or one that names no shop.
 */
export async function shopOfSessionToken(token: string | null): Promise<string | null> {
  const claims = token ? await sessionTokenClaims(token) : null;
  return claims && shopOfDest(claims.dest);
}

/**
 * The library answers its exit-iframe and login pages on any path that ends like theirs, whatever route
 * authenticates (`/app/auth/exit-iframe`, `/auth/x/auth/login`). Only their own routes may, through
 * exitIframePage and login, after checking the request: anywhere else such a path is not found.
 */
function servesLibraryPage(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return pathname.endsWith(EXIT_IFRAME_PATH) || pathname.endsWith(LOGIN_PATH);
}

export const authenticate = {
  admin: async (request: Request) => {
    if (servesLibraryPage(request)) throw new Response("Not Found", { status: 404 });
    if (await namesNoShop(request)) return refusedTokenAnswer(request);
    try {
      return await shopify().authenticate.admin(request);
    } catch (error) {
      if (await exchangeRefused(error, request)) return refusedTokenAnswer(request);
      throw error;
    }
  },
};

/** The session token a request carries: App Bridge's Bearer header, or the admin's id_token parameter. */
function sessionTokenOf(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return bearer?.[1] ?? new URL(request.url).searchParams.get("id_token");
}

/**
 * Whether the request's session token is well signed but its `dest` is no shop: the library would take the
 * host for a shop and fail on it (a 500); such a token is refused like a forged one.
 */
async function namesNoShop(request: Request): Promise<boolean> {
  const token = sessionTokenOf(request);
  const claims = token ? await sessionTokenClaims(token) : null;
  return claims !== null && shopOfDest(claims.dest) === null;
}

/**
 * Whether the library's bare 500 means Shopify refused to exchange a well-signed token (a shop that does not
 * exist or has not installed the app): the library hides why an exchange failed, but a successful exchange
 * stores the shop's offline session before the install hook runs, so a failure with no active session for
 * the token's shop is the exchange's. A failure after it (the hook's) stays a 500.
 */
async function exchangeRefused(error: unknown, request: Request): Promise<boolean> {
  if (!(error instanceof Response) || error.status !== 500) return false;
  const shop = await shopOfSessionToken(sessionTokenOf(request));
  if (!shop) return false;
  const session = await loadOfflineSession(shop);
  return !session?.isActive(undefined);
}

/**
 * The library's own answer to a refused session token, as for an expired or forged one: the same request
 * asked again without a usable token. A JSON call gets 401 with `X-Shopify-Retry-Invalid-Session-Request: 1`
 * (App Bridge fetches a new token and retries once), a document the bounce page that fetches a new one.
 */
async function refusedTokenAnswer(request: Request): Promise<never> {
  const url = new URL(request.url);
  url.searchParams.delete("id_token");
  const headers = new Headers(request.headers);
  if (headers.has("Authorization")) headers.set("Authorization", "Bearer refused");
  await shopify().authenticate.admin(new Request(url, { method: request.method, headers }));
  throw new Response(null, { status: 401 });
}

/**
 * Shopify's exit-iframe page, which has App Bridge open `target` in the admin's top window. The caller has
 * checked the target (services/shopify/exit-target.server.ts); the library is handed only that URL.
 */
export async function exitIframePage(request: Request, target: URL): Promise<void> {
  const url = new URL(request.url);
  url.pathname = EXIT_IFRAME_PATH;
  url.searchParams.set("exitIframe", target.href);
  await shopify().authenticate.admin(new Request(url, { headers: request.headers }));
}

export const unauthenticated = {
  admin: (shop: string) => shopify().unauthenticated.admin(shop),
};

export const login = (request: Request) => shopify().login(request);

export function sessionStorage() {
  return shopify().sessionStorage;
}

async function loadOfflineSession(shop: string) {
  return sessionStorage().loadSession(library().session.getOfflineId(shop));
}

/**
 * A new offline token for a shop whose token Shopify refused, from its refresh token (expiring offline
 * tokens), stored as its session; null when it has none or Shopify refuses the refresh as well.
 */
export async function refreshOfflineToken(shop: string): Promise<string | null> {
  const session = await loadOfflineSession(shop);
  if (!session?.refreshToken) return null;
  try {
    const { session: renewed } = await library().auth.refreshToken({
      shop,
      refreshToken: session.refreshToken,
    });
    await sessionStorage().storeSession(renewed);
    return renewed.accessToken ?? null;
  } catch (error) {
    // 400 invalid_grant (a revoked or spent refresh token), 401: refused; a server error is thrown on.
    if (error instanceof HttpResponseError && error.response.code < 500) return null;
    throw error;
  }
}

/**
 * Drops a shop's refused offline token and its refresh token, keeping the rest of its session: the library
 * then has no active session for the shop (and nothing to refresh), so the shop's next session token (the
 * merchant opening the app) is exchanged for a new offline token, which afterAuth checks and reconnects the
 * store with.
 */
export async function forgetOfflineToken(shop: string): Promise<void> {
  const session = await loadOfflineSession(shop);
  if (!session) return;
  session.accessToken = undefined;
  session.refreshToken = undefined;
  session.refreshTokenExpires = undefined;
  await sessionStorage().storeSession(session);
}
