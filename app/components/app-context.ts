import { useRouteLoaderData } from "react-router";
import type { loader } from "~/routes/_app";

/** The signed-in user, their stores and the selected store, loaded once by the main layout. */
export function useAppContext() {
  const context = useRouteLoaderData<typeof loader>("routes/_app");
  if (!context) throw new Error("useAppContext must be used inside the main layout");
  return context;
}
