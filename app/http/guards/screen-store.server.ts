import { readCookie, SELECTED_STORE_COOKIE, selectStore } from "~/lib/store-routing";
import type { Actor } from "~/services/access/actor.server";
import { listStoreSummaries } from "~/services/stores/stores.server";

/** The store a store screen shows: the route's (or ?storeId=), else the remembered one, else the first. */
export async function storeForScreen(actor: Actor, request: Request, routeStoreId: string | undefined) {
  const url = new URL(request.url);
  const remembered = readCookie(request.headers.get("Cookie"), SELECTED_STORE_COOKIE);
  return selectStore(
    await listStoreSummaries(actor),
    routeStoreId ?? url.searchParams.get("storeId") ?? undefined,
    remembered,
  );
}
