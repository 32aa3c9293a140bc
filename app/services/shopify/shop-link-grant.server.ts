import { z } from "zod";
import { isSignatureOf, signatureOf } from "~/server/crypto.server";

/** Long enough to switch tabs and sign in to the dashboard; short enough that a leaked link dies. */
const GRANT_TTL_MS = 10 * 60 * 1000;
/** Signatures of other links (unsubscribe, tracking) never pass for a grant, nor a grant for them. */
const PURPOSE = "shop-link";

/** What the shop's admin vouches for: this shop, whose new store is `storeId`, until `expiresAt` (ms). */
export type ShopLinkGrant = { shop: string; storeId: string; expiresAt: number };

const grantShape = z.object({ shop: z.string().min(1), storeId: z.uuid(), expiresAt: z.number() });

/**
 * A grant issued inside the shop's admin (App Bridge's session token proved the shop): the shop and the store
 * its install made, signed under the app's session secret and expiring. It is single-use by what it names:
 * linking deletes that store, so the same grant finds nothing the second time.
 */
export function signShopLinkGrant(shop: string, storeId: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ shop, storeId, expiresAt: now + GRANT_TTL_MS })).toString(
    "base64url",
  );
  return `${payload}.${signatureOf(`${PURPOSE}:${payload}`)}`;
}

/** The grant a token carries, or why it is refused: not ours (forged, altered) or expired. */
export function readShopLinkGrant(
  token: string,
  now = Date.now(),
): { grant: ShopLinkGrant } | { refusal: "unsigned" | "expired" } {
  const [payload = "", signature = ""] = token.split(".");
  if (!payload || !isSignatureOf(`${PURPOSE}:${payload}`, signature)) return { refusal: "unsigned" };
  const parsed = grantShape.safeParse(safeJson(Buffer.from(payload, "base64url").toString("utf8")));
  if (!parsed.success) return { refusal: "unsigned" };
  if (parsed.data.expiresAt < now) return { refusal: "expired" };
  return { grant: parsed.data };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
