/** The storefront popup's POST …/subscribe: the form's values with the page, the view and this visit's id. */
import type { BotChallenge, SubscribeRequest, SubscribeResponse } from "./config";
import type { PopupFormValues, PopupSubmitResult } from "./render";
import type { ExtraFieldsRequest } from "./steps";

let proving: Promise<string | undefined> | undefined;

/**
 * The bot check's search, run in a Worker so the page's main thread stays free (Lighthouse's total blocking
 * time): the first number that makes the SHA-256 of "<challenge>.<number>" start below the limit; "" when
 * the worker has no Web Crypto.
 */
const SOLVER = `onmessage=async({data:[c,l]})=>{let n=0,p="";try{for(;;){p=c+"."+n++;if(new DataView(await crypto.subtle.digest("SHA-256",new TextEncoder().encode(p))).getUint16(0)<l)break}}catch{p=""}postMessage(p)}`;

function solve({ challenge, limit }: BotChallenge): Promise<string | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(new Blob([SOLVER], { type: "text/javascript" }));
    const worker = new Worker(url);
    const done = (proof?: string) => {
      worker.terminate();
      URL.revokeObjectURL(url);
      resolve(proof || undefined);
    };
    worker.onmessage = (event: MessageEvent<string>) => done(event.data);
    worker.onerror = () => done();
    worker.postMessage([challenge, limit]);
  });
}

/**
 * The bot check (app/services/subscribers/bot-check.server.ts), for a Shopify store's popup only: the server
 * reads a proof there and nowhere else (docs/decisions/141). Started as the visitor types, solved off the
 * main thread; a subscription uses it once. Without one (no network, no Worker or Web Crypto, a page policy
 * that refuses the worker) the subscription still goes, and the store asks the visitor to confirm.
 */
export function prove(api: string): Promise<string | undefined> {
  proving ||= (async () => {
    try {
      if (!crypto.subtle) return;
      return await solve((await (await fetch(`${api}/challenge`)).json()) as BotChallenge);
    } catch {
      // No proof.
    }
  })();
  return proving;
}

/**
 * `api` is the store's public API root; `shown` the popup and variant the visitor saw, this visit's id and
 * the impression's view token (popup/main.ts), and the demo page's preview token. A network failure answers without a message (the popup's
 * generic one).
 */
export async function sendSubscription(
  api: string,
  values: PopupFormValues,
  shown: Pick<SubscribeRequest, "viewToken" | "language" | "preview"> & {
    popupId: string;
    variantId: string;
    sessionId: string;
  },
): Promise<PopupSubmitResult> {
  const proof = await proving;
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

/** The extra-fields step's POST …/extra-fields with the subscription's token (popup/steps.ts). */
export async function sendExtraFields(api: string, values: ExtraFieldsRequest): Promise<PopupSubmitResult> {
  try {
    const response = await fetch(`${api}/extra-fields`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(values),
    });
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string>;
    };
    if (response.ok) return { ok: true };
    if (response.status === 422) return { ok: false, errors: body.errors, message: body.message };
  } catch {
    // Network failure.
  }
  return { ok: false };
}
