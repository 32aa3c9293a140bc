/** SPEC §2/§4 store-scoped URLs and store selection, pure so both server and browser use them. */
export const STORE_SECTIONS = [
  "dashboard",
  "popup-builder",
  "subscribers",
  "campaigns",
  "flows",
  "integration",
  "settings",
  "email-templates",
  "email-analytics",
] as const;

export type StoreSection = (typeof STORE_SECTIONS)[number];

export const SELECTED_STORE_COOKIE = "np_store";

export function sectionPath(section: StoreSection, storeId: string | undefined): string {
  return storeId ? `/store/${storeId}/${section}` : `/${section}`;
}

/**
 * The store section a path shows and the page inside it ("/c1" of /store/s1/campaigns/c1), whether the
 * path is store-scoped or bare; undefined for any other screen.
 */
function locate(pathname: string): { section: StoreSection; page: string } | undefined {
  const parts = pathname.split("/").filter(Boolean);
  const scoped = parts.length >= 3 && parts[0]?.toLowerCase() === "store";
  const [name, ...page] = scoped ? parts.slice(2) : parts;
  if (name === undefined) return { section: "dashboard", page: "" };
  const section = STORE_SECTIONS.find((candidate) => candidate === name.toLowerCase());
  return section ? { section, page: page.map((part) => `/${part}`).join("") } : undefined;
}

/** The home of the embedded app inside the Shopify admin. */
export const EMBEDDED_HOME = "/app";

/** A store section inside the Shopify admin: the admin's app is one store, so no store id in the path. */
export function embeddedSectionPath(section: StoreSection): string {
  return section === "dashboard" ? EMBEDDED_HOME : `${EMBEDDED_HOME}/${section}`;
}

/**
 * Inside the Shopify admin every link stays under /app: a store section (bare or store-scoped) maps to its
 * /app page with its query kept; a standalone-only screen (stores, members, onboarding, login) to /app.
 */
export function embeddedPath(url: string): string {
  const queryStart = url.search(/[?#]/);
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart);
  if (/^\/app(\/|$)/.test(pathname)) return url;
  const located = locate(pathname);
  return located ? `${embeddedSectionPath(located.section)}${located.page}${query}` : EMBEDDED_HOME;
}

/**
 * Where switching to `storeId` leads from `pathname`: a store section (bare or scoped) keeps its
 * section under the new store, at its first page (a campaign belongs to the store it was opened in);
 * any other screen (Store Management, members) stays where it is.
 */
export function switchStorePath(pathname: string, storeId: string): string {
  const located = locate(pathname);
  return located ? sectionPath(located.section, storeId) : pathname;
}

/** The route's store when it exists in the list, else the remembered one, else the first. */
export function selectStore<T extends { id: string }>(
  stores: T[],
  routeStoreId: string | undefined,
  rememberedStoreId: string | undefined,
): T | undefined {
  return (
    stores.find((store) => store.id === routeStoreId) ??
    stores.find((store) => store.id === rememberedStoreId) ??
    stores[0]
  );
}

/** A cookie's value; undefined when absent or garbled (a malformed escape is no value, not an error). */
export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The cookie that remembers the selected store for bare URLs such as /dashboard (a preference, not a secret). */
export const selectedStoreCookie = (storeId: string) =>
  `${SELECTED_STORE_COOKIE}=${encodeURIComponent(storeId)}; Path=/; SameSite=Lax; Max-Age=31536000`;

/** In the browser: remembers the store chosen in the sidebar before its navigation reads it. */
export function rememberStore(storeId: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the server reads to pick the store on bare URLs
  document.cookie = selectedStoreCookie(storeId);
}
