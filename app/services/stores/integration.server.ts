import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import { installScript } from "~/lib/install-script";
import type { InstallationStatus, IntegrationScript } from "~/lib/schemas/stores";
import { randomToken } from "~/server/crypto.server";
import { DomainError, notFound } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { fetchPublicPage } from "~/server/safe-fetch.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { enqueue } from "../../../jobs/client";
import { requireStore } from "./crud.server";
import { findPopupScript } from "./installation-detector.server";
import { forgetPublicConfig } from "./public-config-cache.server";

/** SPEC §9: an installation check is answered from its last result for 5 minutes unless forced. */
export const VERIFICATION_CACHE_MS = 5 * 60 * 1000;

async function integrationStore(actor: Actor, storeId: string) {
  authorize(actor, "manage_integrations");
  return requireStore(actor, storeId);
}

/**
 * The store's install script. Regenerating issues a new version: the storefront script tag carries it,
 * and a tag with an older (or no) version is refused the popup from then on.
 */
export async function integrationScript(
  actor: Actor,
  storeId: string,
  options: { regenerate: boolean },
): Promise<IntegrationScript> {
  let store = await integrationStore(actor, storeId);
  if (options.regenerate) {
    const [updated] = await db()
      .update(stores)
      .set({ activeScriptVersion: randomToken(6), activeScriptTimestamp: new Date(), updatedAt: new Date() })
      .where(eq(stores.id, store.id))
      .returning();
    if (!updated) throw notFound("Store not found");
    store = updated;
    forgetPublicConfig(store.id);
    // A shop that installed the app loads the popup through the theme app embed: give it the new version.
    if (store.shopifyDomain) {
      await enqueue("shopify", { type: "publish-storefront-settings", storeId: store.id });
    }
  }
  return {
    script: installScript(env().APP_URL, store.id, store.integrationType, store.activeScriptVersion),
    activeScriptVersion: store.activeScriptVersion,
    activeScriptTimestamp: store.activeScriptTimestamp,
  };
}

/** The address the store's visitors see: the custom domain when there is one. */
export function siteUrlOf(store: { customDomain: string | null; shopifyUrl: string | null }): string | null {
  return store.customDomain || store.shopifyUrl || null;
}

/**
 * Fetches the store's site and looks for this store's script tag; remembers the answer (isVerified)
 * and reuses it for 5 minutes unless forced, so a merchant mashing the button cannot make us a crawler.
 */
export async function verifyInstallation(
  actor: Actor,
  storeId: string,
  options: { force: boolean },
): Promise<InstallationStatus> {
  const store = await integrationStore(actor, storeId);
  const checkedAt = store.verificationCheckedAt;
  if (!options.force && checkedAt && Date.now() - checkedAt.getTime() < VERIFICATION_CACHE_MS) {
    return { installed: store.isVerified, message: store.verificationMessage ?? "", checkedAt };
  }
  const result = await checkSite(store.id, siteUrlOf(store));
  const now = new Date();
  await db()
    .update(stores)
    .set({ isVerified: result.installed, verificationCheckedAt: now, verificationMessage: result.message })
    .where(eq(stores.id, store.id));
  return { ...result, checkedAt: now };
}

async function checkSite(
  storeId: string,
  siteUrl: string | null,
): Promise<{ installed: boolean; message: string }> {
  if (!siteUrl) return { installed: false, message: "Add your site's address in Settings first" };
  let page: Awaited<ReturnType<typeof fetchPublicPage>>;
  try {
    page = await fetchPublicPage(siteUrl);
  } catch (error) {
    if (error instanceof DomainError) return { installed: false, message: error.message };
    throw error;
  }
  if (page.status >= 400)
    return { installed: false, message: `${siteUrl} answered with status ${page.status}` };
  const found = findPopupScript(page.body, storeId);
  if (found === "this-store")
    return { installed: true, message: `The popup script is installed on ${siteUrl}` };
  if (found === "other-store") {
    return {
      installed: false,
      message: `${siteUrl} has a Newsletter Popup script for another store; copy this store's script`,
    };
  }
  return { installed: false, message: `The popup script was not found on ${siteUrl}` };
}
