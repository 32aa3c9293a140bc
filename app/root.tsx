import { AppProvider } from "@shopify/polaris";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import en from "@shopify/polaris/locales/en.json";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { useNonce } from "./components/nonce";
import { RouterLink } from "./components/router-link";
import { ToastProvider } from "./components/toast";
import { CROSS_SITE_HEADING, CROSS_SITE_REFUSED } from "./lib/cross-site";
import appStyles from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = () => [{ title: "Newsletter Popup" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AppProvider i18n={en} linkComponent={RouterLink}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </AppProvider>
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  403: "Permission Denied",
  404: "Page Not Found",
  429: "Too Many Requests",
  500: "Something went wrong",
};

export function ErrorBoundary() {
  const error = useRouteError();
  // A thrown `data()` carries no status text (the server fills in "Internal Server Error"), so name it here.
  const message = !isRouteErrorResponse(error)
    ? "Something went wrong"
    : error.statusText === CROSS_SITE_REFUSED
      ? CROSS_SITE_HEADING
      : `${error.status} ${STATUS_TEXT[error.status] ?? "Error"}`;
  return (
    <AppProvider i18n={en}>
      <main className="np-error">
        <h1>{message}</h1>
        {isRouteErrorResponse(error) && error.status === 403 && typeof error.data === "string" ? (
          <p>{error.data}</p>
        ) : null}
        <p>
          <a href="/">Back to the dashboard</a>
        </p>
      </main>
    </AppProvider>
  );
}
