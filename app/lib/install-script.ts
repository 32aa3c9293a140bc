import type { IntegrationType } from "./schemas/stores";

/** SPEC §1: the async script tag with the store id, popup config 'auto' and the integration type. */
export function installScript(appUrl: string, storeId: string, integrationType: IntegrationType): string {
  const src = new URL("/js/newsletter-popup.js", appUrl).toString();
  const type = integrationType === "shopify" ? "shopify" : "website";
  return `<script async src="${src}" data-store-id="${storeId}" data-popup-config="auto" data-integration-type="${type}"></script>`;
}
