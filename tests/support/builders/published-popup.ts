import type { PopupUpdate } from "~/lib/schemas/popups";
import type { Actor } from "~/services/access/actor.server";
import { publishPopup, updatePopupConfig } from "~/services/popups/crud.server";
import type { HttpClient } from "../clients/http";

/**
 * Changes a store's first popup (SPEC's PUT /popup) and publishes the change, as a merchant presses Publish
 * after editing: what tests of the storefront need before a shopper sees the change.
 */
export async function editAndPublish(client: HttpClient, storeId: string, changes: Record<string, unknown>) {
  const saved = await client.put<{ id: string }>(`/api/stores/${storeId}/popup`, changes);
  if (saved.status !== 200) return saved;
  const published = await client.put(`/api/stores/${storeId}/popups/${saved.body.id}/publish`);
  if (published.status !== 200) throw new Error(`publishing answered ${published.status}: ${published.text}`);
  return saved;
}

/** The same through the services: a store's first popup changed, then published (as a merchant's Publish). */
export async function updateAndPublish(actor: Actor, storeId: string, changes: PopupUpdate) {
  const saved = await updatePopupConfig(actor, storeId, changes);
  return publishPopup(actor, storeId, saved.id);
}
