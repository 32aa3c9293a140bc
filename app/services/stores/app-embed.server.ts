import { and, eq, isNull, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import { appEmbedEditorUrl, myshopifyDomainOf } from "~/lib/app-embed";
import { isUuid } from "~/lib/ids";
import { env } from "~/server/env.server";
import { ttlCache } from "~/server/ttl-cache.server";

/** The app embed's "last seen" is a minute fine: storefront page views never write more often than that. */
export const APP_EMBED_SEEN_EVERY_MS = 60 * 1000;

/** Per process: a store recorded within the minute is not even asked about again. */
const recently = ttlCache<true>(APP_EMBED_SEEN_EVERY_MS);

/**
 * The theme app embed loaded the popup on the store's storefront (its script tag's marker, passed on the
 * public popups request). The row changes only when the last sighting is a minute old, so several
 * processes together still write at most once a minute per store.
 */
export async function recordAppEmbedSeen(storeId: string, now = new Date()): Promise<void> {
  if (!isUuid(storeId)) return;
  await recently.remember(storeId, async () => {
    const minuteAgo = new Date(now.getTime() - APP_EMBED_SEEN_EVERY_MS);
    await db()
      .update(stores)
      .set({ appEmbedSeenAt: now })
      .where(
        and(eq(stores.id, storeId), or(isNull(stores.appEmbedSeenAt), lt(stores.appEmbedSeenAt, minuteAgo))),
      );
    return true as const;
  });
}

export type AppEmbedStatus = {
  /** The theme editor's deep link; null when the store has no myshopify.com address yet. */
  editorUrl: string | null;
  seenAt: Date | null;
  /** The server's time of this answer: "last seen … ago" is counted from it. */
  checkedAt: Date;
};

/** The Integration page's "Turn on the app embed" step for a Shopify store. */
export function appEmbedStatus(store: {
  shopifyDomain: string | null;
  shopifyStoreName: string | null;
  appEmbedSeenAt: Date | null;
}): AppEmbedStatus {
  const shop = myshopifyDomainOf(store);
  return {
    editorUrl: shop && appEmbedEditorUrl(shop, env().SHOPIFY_API_KEY ?? null),
    seenAt: store.appEmbedSeenAt,
    checkedAt: new Date(),
  };
}
