import type { IntegrationType } from "./schemas/stores";

/**
 * SPEC §1: the async script tag with the store id, popup config 'auto' and the integration type; after a
 * regeneration also the script version, without which the storefront is refused the popup.
 */
export function installScript(
  appUrl: string,
  storeId: string,
  integrationType: IntegrationType,
  scriptVersion?: string | null,
): string {
  const src = new URL("/js/newsletter-popup.js", appUrl).toString();
  const type = integrationType === "shopify" ? "shopify" : "website";
  const version = scriptVersion ? ` data-script-version="${scriptVersion}"` : "";
  return `<script async src="${src}" data-store-id="${storeId}" data-popup-config="auto" data-integration-type="${type}"${version}></script>`;
}

/** The service worker a merchant may place at the site root (Integration page, optional). */
export const SERVICE_WORKER_FILE_NAME = "newsletter-popup-sw.js";
