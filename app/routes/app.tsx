import { NavMenu } from "@shopify/app-bridge-react";
import { AppProvider } from "@shopify/shopify-app-react-router/react";
import { boundary } from "@shopify/shopify-app-react-router/server";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import { EmbeddedContext } from "~/components/embedded";
import { UnsavedChangesProvider } from "~/components/unsaved-changes";
import { requireScreenActor } from "~/http/guards/request-actor.server";
import { embeddedNavItems } from "~/lib/navigation";
import { EMBEDDED_HOME } from "~/lib/store-routing";
import { listStoreSummaries } from "~/services/stores/crud.server";
import { embeddedAppConfig } from "~/shopify.server";
import type { Route } from "./+types/app";

/**
 * The embedded app inside the Shopify admin: the standalone screens under /app, for the shop's one store,
 * with App Bridge (session tokens on every fetch, the admin's nav menu and toasts) instead of the sidebar.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireScreenActor(request);
  const stores = await listStoreSummaries(actor);
  return {
    apiKey: embeddedAppConfig()?.apiKey ?? "",
    user: { email: actor.email, role: actor.role, permissions: actor.permissions },
    sessionExpiresAt: actor.sessionExpiresAt.toISOString(),
    stores,
    selectedStoreId: actor.storeId ?? null,
  };
}

export default function EmbeddedApp({ loaderData }: Route.ComponentProps) {
  return (
    <AppProvider apiKey={loaderData.apiKey}>
      <NavMenu>
        {embeddedNavItems().map((item) => (
          // App Bridge takes the link marked home as the app's landing page, not as a menu item.
          <Link key={item.url} to={item.url} rel={item.url === EMBEDDED_HOME ? "home" : undefined}>
            {item.label}
          </Link>
        ))}
      </NavMenu>
      <EmbeddedContext.Provider value={true}>
        {/* The frame's one main landmark: there is no Polaris Frame (the admin draws the menu and toasts). */}
        <main>
          <UnsavedChangesProvider>
            <Outlet />
          </UnsavedChangesProvider>
        </main>
      </EmbeddedContext.Provider>
    </AppProvider>
  );
}

/**
 * Shopify's authentication answers some requests with a page of its own (the session-token bounce page),
 * which is shown as it is; any other error is the root's to show.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && typeof error.data === "string") return boundary.error(error);
  throw error;
}

export const headers: Route.HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
