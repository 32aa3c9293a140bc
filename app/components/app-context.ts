import { useRouteLoaderData } from "react-router";
import type { loader as standaloneLoader } from "~/routes/_app";
import type { loader as embeddedLoader } from "~/routes/app";

/**
 * The signed-in user, their stores and the selected store, loaded once by the layout: the main layout of
 * the standalone dashboard, or the /app layout inside the Shopify admin.
 */
export function useAppContext() {
  const standalone = useRouteLoaderData<typeof standaloneLoader>("routes/_app");
  const embedded = useRouteLoaderData<typeof embeddedLoader>("routes/app");
  const context = standalone ?? embedded;
  if (!context) throw new Error("useAppContext must be used inside the main layout");
  return context;
}
