import type { ShopifyGlobal } from "@shopify/app-bridge-react";
import { createContext, useContext } from "react";

/** True inside the Shopify admin (the /app layout): links stay under /app and toasts go through App Bridge. */
export const EmbeddedContext = createContext(false);

export function useEmbedded(): boolean {
  return useContext(EmbeddedContext);
}

/** App Bridge's `shopify` global, present once its script has run inside the admin. */
export function appBridge(): ShopifyGlobal | undefined {
  return (window as Window & { shopify?: ShopifyGlobal }).shopify;
}
