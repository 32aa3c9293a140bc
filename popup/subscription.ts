/** The storefront popup's POST …/subscribe: the form's values with the page, the view and this visit's id. */
import type { BotChallenge, SubscribeRequest, SubscribeResponse } from "./config";
import type { PopupFormValues, PopupSubmitResult } from "./render";

let proving: Promise<string | undefined> | undefined;

/**
 * The bot check (app/services/subscribers/bot-check.server.ts): the first number that makes the SHA-256 of
 * "<challenge>.<number>" start below the limit. Started when the popup shows; a subscription uses it once.
 * Without one (no network, no Web Crypto) the subscription still goes: a Shopify store then asks to confirm.
 */
export function prove(api: string): Promise<string | undefined> {
  proving ||= (async () => {
    try {
      const { challenge, limit } = (await (await fetch(`${api}/challenge`)).json()) as BotChallenge;
      for (let number = 0; ; number++) {
        const proof = `${challenge}.${number}`;
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(proof));
        if (new DataView(digest).getUint16(0) < limit) return proof;
      }
    } catch {
      // No proof.
    }
  })();
  return proving;
}

/**
 * `api` is the store's public API root; `shown` the popup and variant the visitor saw, this visit's id and
 * the impression's view token (popup/main.ts). A network failure answers without a message (the popup's
 * generic one).
 */
export async function sendSubscription(
  api: string,
  values: PopupFormValues,
  shown: { popupId: string; variantId: string; sessionId: string; viewToken?: string },
): Promise<PopupSubmitResult> {
  const proof = await prove(api);
  try {
    const request: SubscribeRequest = { ...values, ...shown, pageUrl: location.href, proof };
    const response = await fetch(`${api}/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
    });
    const body = (await response.json().catch(() => ({}))) as Partial<SubscribeResponse> & {
      errors?: Record<string, string>;
    };
    // No code in the answer (confirm first, or it went to the inbox): the message says so.
    if (response.ok && typeof body.message === "string") {
      proving = undefined; // a proof counts once: the next subscription needs another
      return { ...body, ok: true };
    }
    if (response.status === 422) return { ok: false, errors: body.errors, message: body.message };
  } catch {
    // Network failure.
  }
  return { ok: false };
}
