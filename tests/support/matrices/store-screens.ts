import routes from "~/routes";

type RouteEntry = { path?: string; children?: RouteEntry[] };

/**
 * Every screen of app/routes.ts whose path names a store ("store/:storeId/settings"), read from the route
 * table itself, so a store screen added later is checked without a row to remember.
 */
export function storeScreenPatterns(): string[] {
  const patterns: string[] = [];
  const walk = (entries: RouteEntry[]) => {
    for (const entry of entries) {
      if (entry.path?.startsWith("store/:storeId/")) patterns.push(entry.path);
      if (entry.children) walk(entry.children);
    }
  };
  walk(routes);
  return patterns;
}

/** A route pattern with its parameters filled in ("store/:storeId/settings" → "/store/abc/settings"). */
export const pathOfPattern = (pattern: string, params: Record<string, string>) =>
  `/${pattern.replace(/:(\w+)/g, (name, key: string) => params[key] ?? name)}`;
