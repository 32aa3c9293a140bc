/** The storefront popup's POST …/subscribe: the form's values with the page and this visit's session id. */
import type { SubscribeResponse } from "./config";
import type { PopupFormValues, PopupSubmitResult } from "./render";
import type { SafeStorage } from "./storage";

function sessionId(session: SafeStorage): string {
  let id = session.get("np:sid");
  if (!id) {
    // 96 random bits as three decimal numbers: short to ship, and the server only stores it (≤ 64 chars).
    id = crypto.getRandomValues(new Uint32Array(3)).join("-");
    session.set("np:sid", id);
  }
  return id;
}

/**
 * `api` is the store's public API root; `shown` the popup and variant the visitor saw; `session` the
 * script's sessionStorage (passed in, so this file carries no second copy of popup/storage.ts). A network
 * failure answers without a message (the popup's generic one).
 */
export async function sendSubscription(
  api: string,
  values: PopupFormValues,
  shown: { popupId: string; variantId: string },
  session: SafeStorage,
): Promise<PopupSubmitResult> {
  try {
    const response = await fetch(`${api}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...values, ...shown, pageUrl: location.href, sessionId: sessionId(session) }),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<SubscribeResponse> & {
      errors?: Record<string, string>;
    };
    // No code in the answer (confirm first, or it went to the inbox): the message says so.
    if (response.ok && typeof body.message === "string") return { ...body, ok: true };
    if (response.status === 422) return { ok: false, errors: body.errors, message: body.message };
  } catch {
    // Network failure.
  }
  return { ok: false };
}
