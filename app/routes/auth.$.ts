import { authenticate } from "~/shopify.server";
import type { Route } from "./+types/auth.$";

/**
 * Shopify's own auth pages (authPathPrefix "/auth"): the session-token bounce page and the exit-iframe page
 * are answered by authenticate.admin itself; a request that gets through is simply authenticated.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await authenticate.admin(request);
  return null;
}
