import { Outlet, useRouteError } from "react-router";
import { ScreenError } from "~/components/screen-error";

/**
 * The screens inside the app shell. A screen that fails (a refused permission, an unknown store, a fault)
 * shows its error here, inside the shell's Outlet, so the header and the sidebar stay.
 */
export default function Screens() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ScreenError error={useRouteError()} />;
}
