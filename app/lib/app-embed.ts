import { MYSHOPIFY_DOMAIN } from "./schemas/shopify";

/**
 * The Shopify theme app embed (extensions/newsletter-popup/blocks/app-embed.liquid). shopify.dev's deep link
 * to activate an app embed names it `{api_key}/{handle}`, the handle being the block's file name.
 */
export const APP_EMBED_HANDLE = "app-embed";

/** The shop's myshopify.com domain: the shop that installed the app, else the store name the merchant gave. */
export function myshopifyDomainOf(store: {
  shopifyDomain: string | null;
  shopifyStoreName: string | null;
}): string | null {
  const domain =
    store.shopifyDomain ?? (store.shopifyStoreName ? `${store.shopifyStoreName}.myshopify.com` : null);
  return domain && MYSHOPIFY_DOMAIN.test(domain) ? domain : null;
}

/**
 * The theme editor at its App embeds with ours selected and switched on, for the merchant to save. Without
 * the app's client id (a dashboard run without the Partner app) it still opens the App embeds list.
 */
export function appEmbedEditorUrl(shopDomain: string, apiKey: string | null): string {
  const editor = `https://${shopDomain}/admin/themes/current/editor?context=apps`;
  return apiKey ? `${editor}&activateAppId=${apiKey}/${APP_EMBED_HANDLE}` : editor;
}
