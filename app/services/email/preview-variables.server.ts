import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { popupConfigs } from "~/db/schema";
import { env } from "~/server/env.server";
import type { StoreRow } from "~/services/stores/stores.server";
import type { RenderVariables } from "./merge-tags.server";

/** What a preview without a store (or a store without a popup) shows for the code and the shop. */
const SAMPLE_STORE = {
  discountCode: "WELCOME15",
  discountPercentage: 15,
  storeName: "Your Store",
  storeUrl: "https://example.com",
};
const PREVIEW_FIRST_NAME = "Alex";

/**
 * The merge-tag values an editor's preview shows: a sample reader, with the store's name, address and
 * offer (its first popup's code and percentage) when there is a store. The unsubscribe link goes nowhere.
 */
export async function previewVariables(store: StoreRow | null): Promise<RenderVariables> {
  const preview = { firstName: PREVIEW_FIRST_NAME, unsubscribeUrl: `${env().APP_URL}/u/preview` };
  if (!store) return { ...SAMPLE_STORE, ...preview };
  const [popup] = await db()
    .select({
      discountCode: popupConfigs.discountCode,
      discountPercentage: popupConfigs.discountPercentage,
    })
    .from(popupConfigs)
    .where(eq(popupConfigs.storeId, store.id))
    .orderBy(asc(popupConfigs.createdAt), asc(popupConfigs.id))
    .limit(1);
  return {
    discountCode: popup?.discountCode ?? SAMPLE_STORE.discountCode,
    discountPercentage: popup?.discountPercentage ?? SAMPLE_STORE.discountPercentage,
    storeName: store.name,
    storeUrl: store.customDomain || store.shopifyUrl,
    ...preview,
  };
}
