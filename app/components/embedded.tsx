import { createContext, useContext } from "react";

/** True inside the Shopify admin (the /app layout): links stay under /app and toasts go through App Bridge. */
export const EmbeddedContext = createContext(false);

export function useEmbedded(): boolean {
  return useContext(EmbeddedContext);
}
