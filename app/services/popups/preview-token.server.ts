import { isUuid } from "~/lib/ids";
import { isSignatureOf, signatureOf } from "~/server/crypto.server";

/**
 * The demo page's preview of a popup's unpublished working copy (docs/decisions/212): the page, shown to a
 * member who may manage the store's popups, puts this token on its script tag; the storefront calls answer
 * that one popup's working copy for it, never anyone else. Signed, bound to the store, the popup and an
 * expiry: an hour, long enough to try the popup on a page left open, short enough that a copied URL of the
 * popups call stops showing unpublished words.
 */
export const PREVIEW_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const TOKEN = /^([0-9a-f-]{36})\.(\d{13})\.([0-9a-f]{32})$/;

const signed = (storeId: string, popupId: string, expires: string) =>
  `popup-preview:${storeId}:${popupId}:${expires}`;

/** A preview token of the store's popup, valid for PREVIEW_TOKEN_LIFETIME_MS from `now`. */
export function issuePreviewToken(storeId: string, popupId: string, now = Date.now()): string {
  const expires = String(now + PREVIEW_TOKEN_LIFETIME_MS);
  return `${popupId}.${expires}.${signatureOf(signed(storeId, popupId, expires))}`;
}

/** The popup a token previews when it is this store's, signed here and not expired; else null. */
export function previewedPopupId(storeId: string, token: unknown, now = Date.now()): string | null {
  const match = typeof token === "string" ? TOKEN.exec(token) : null;
  if (!match) return null;
  const [, popupId, expires, signature] = match as unknown as [string, string, string, string];
  if (!isUuid(popupId) || Number(expires) <= now) return null;
  return isSignatureOf(signed(storeId, popupId, expires), signature) ? popupId : null;
}
