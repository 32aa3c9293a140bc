import { createHash } from "node:crypto";
import { db } from "~/db/client.server";
import { consentTexts } from "~/db/schema";
import type { PublicPopup } from "../../../popup/config";

/**
 * The version of a consent sentence with its privacy link, as the popup shows them: 16 hex digits of their
 * SHA-256, so the same words always have the same version and other words another.
 */
export function consentVersion(text: string, privacyPolicyUrl: string | null): string {
  return createHash("sha256")
    .update(`${text}\n${privacyPolicyUrl ?? ""}`)
    .digest("hex")
    .slice(0, 16);
}

/** The consent sentence a visitor of this popup and variant sees (a variant may word it its own way). */
export const shownConsentText = (popup: PublicPopup, variantId: string | null): string =>
  popup.variants.find((variant) => variant.id === variantId)?.consentText ?? popup.consentText;

/**
 * Puts every consent sentence these popups show (their own and their variants') on record by version, before
 * the storefront is served them: a subscriber's version then always names words in consent_texts.
 */
export async function recordConsentTexts(storeId: string, popups: PublicPopup[]): Promise<void> {
  const shown = new Map<string, typeof consentTexts.$inferInsert>();
  for (const popup of popups) {
    for (const variantId of [null, ...popup.variants.map((variant) => variant.id)]) {
      const text = shownConsentText(popup, variantId);
      const version = consentVersion(text, popup.privacyPolicyUrl);
      shown.set(version, { storeId, version, text, privacyPolicyUrl: popup.privacyPolicyUrl });
    }
  }
  if (shown.size === 0) return;
  await db()
    .insert(consentTexts)
    .values([...shown.values()])
    .onConflictDoNothing();
}
