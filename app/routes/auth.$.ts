import { authenticate } from "~/shopify.server";
import type { Route } from "./+types/auth.$";

/**
 * Shopify's other auth pages (authPathPrefix "/auth"): the session-token bounce page is answered by
 * authenticate.admin itself; a request that gets through is simply authenticated. The login and exit-iframe
 * pages have their own routes (auth.login.ts, auth.exit-iframe.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await authenticate.admin(request);
  return null;
}
