import { data } from "react-router";
import { requireScreenActor } from "~/http/guards/request-actor.server";
import type { Permission } from "~/lib/permissions";
import { readCookie, SELECTED_STORE_COOKIE, selectStore } from "~/lib/store-routing";
import type { Actor } from "~/services/access/actor.server";
import { listStoreSummaries, requireStore, type StoreSummary } from "~/services/stores/crud.server";
import { errorPage } from "../errors.server";

/**
 * A screen's guard: anonymous → /login; a member without the permission → 403 page; the admin-only
 * screens answer 404 to members, as if they did not exist (SPEC §2: "only when role is admin").
 */
export async function requireScreen(
  request: Request,
  requirement: Permission | "admin" | null,
): Promise<Actor> {
  const actor = await requireScreenActor(request);
  if (requirement === "admin" && actor.role !== "admin") throw data("Not Found", { status: 404 });
  if (requirement && requirement !== "admin" && !actor.permissions[requirement]) {
    throw data(`You don't have permission to ${DENIED[requirement]}. Ask an administrator.`, { status: 403 });
  }
  return actor;
}

/** What a member without the permission is told they cannot do, in the 403 page's sentence. */
const DENIED: Record<Permission, string> = {
  manage_stores: "manage stores",
  manage_popups: "manage popups",
  view_subscribers: "view subscribers",
  manage_subscribers: "manage subscribers",
  manage_email_settings: "manage email settings and templates",
  manage_integrations: "manage integrations",
  manage_campaigns: "manage campaigns",
  delete_data: "delete stores",
};

export type StoreScreen = { actor: Actor; store: StoreSummary | undefined };

/**
 * A store screen's guard: requireScreen, then the store the screen shows, undefined when the organization
 * has none yet. A store the URL names (/store/{id}/…, or ?storeId=) must be one of the actor's, else the 404
 * page, exactly as for a missing one: a screen never shows another store than the one its URL names. A bare
 * URL shows the remembered store, else the first. The dashboard is `strict`: inside the Shopify admin the
 * shop's store is named by the session, and must still exist.
 */
export async function requireStoreScreen(
  request: Request,
  params: { storeId?: string },
  permission: Permission | null,
  { strict = false } = {},
): Promise<StoreScreen> {
  const actor = await requireScreen(request, permission);
  const named =
    params.storeId ??
    new URL(request.url).searchParams.get("storeId") ??
    (strict ? actor.storeId : undefined);
  if (named !== undefined) {
    const store = await requireStore(actor, named).catch((error: unknown) => {
      throw errorPage(error);
    });
    return { actor, store: { id: store.id, name: store.name } };
  }
  const remembered = readCookie(request.headers.get("Cookie"), SELECTED_STORE_COOKIE);
  return { actor, store: selectStore(await listStoreSummaries(actor), undefined, remembered) };
}
