import { forbidden } from "~/server/domain-errors.server";
import { type Actor, actorForShop } from "~/services/access/actor.server";
import { connectInstalledShop } from "~/services/shopify/install.server";
import { authenticate, isEmbeddedAppEnabled } from "~/shopify.server";

/** Requests of the embedded app: its pages under /app and their data requests (/app.data, /app/….data). */
export function isEmbeddedRequest(request: Request): boolean {
  return /^\/app(\/|\.data$|$)/.test(new URL(request.url).pathname);
}

/**
 * The admin opens the app at its application_url (the root) with ?shop=&host=…: that is the embedded app,
 * which lives under /app, so the launch goes there with its parameters. Null for any other request.
 */
export function embeddedLaunchPath(request: Request): string | null {
  const url = new URL(request.url);
  const launched = url.pathname === "/" && url.searchParams.has("shop") && url.searchParams.has("host");
  return launched && isEmbeddedAppEnabled() ? `/app${url.search}` : null;
}

function tokenExpiry(exp: number | undefined): Date {
  return new Date((exp ?? Math.floor(Date.now() / 1000)) * 1000);
}

type AdminContext = Awaited<ReturnType<typeof authenticate.admin>>;

/** A shop whose store's owner was deactivated in the dashboard: nobody acts for it until they are active again. */
export const SHOP_OWNER_INACTIVE =
  "The account that owns this shop's store was deactivated. Ask an administrator of your organization to reactivate it.";

/**
 * The shop's actor once Shopify has authenticated the request. A shop whose store is gone while its session
 * remains (deleted from the standalone dashboard) is set up again here, as on install.
 */
async function actorOf({ session, sessionToken }: AdminContext): Promise<Actor> {
  const expiresAt = tokenExpiry(sessionToken?.exp);
  const actor = await actorForShop(session.shop, expiresAt);
  if (actor) return actor;
  await connectInstalledShop(session);
  const connected = await actorForShop(session.shop, expiresAt);
  if (!connected) throw forbidden(SHOP_OWNER_INACTIVE);
  return connected;
}

/**
 * An embedded page or action: Shopify's authenticate.admin validates the session token (exchanging it for
 * an offline token on the shop's first visit, which runs the install hook) or answers with its own
 * redirect or bounce page.
 */
export async function requireEmbeddedActor(request: Request): Promise<Actor> {
  return actorOf(await authenticate.admin(request));
}

export function hasBearerToken(request: Request): boolean {
  return /^Bearer\s+\S+$/i.test(request.headers.get("Authorization") ?? "");
}

/**
 * A JSON call from inside the admin carries App Bridge's session token as a Bearer token. The library
 * checks it (HS256 under the app's secret, aud = API key, exp and nbf) and its dest names the shop, whose
 * store the actor is limited to. A refused token gets the library's own answer, thrown as it is: a 401
 * with `X-Shopify-Retry-Invalid-Session-Request: 1`, on which App Bridge fetches a fresh token and sends
 * the request again (an expired token or a skewed clock then costs a retry, not a failed save).
 */
export async function findBearerActor(request: Request): Promise<Actor | null> {
  if (!isEmbeddedAppEnabled()) return null;
  return actorOf(await authenticate.admin(request));
}
