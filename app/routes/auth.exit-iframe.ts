import { errorResponse } from "~/http/errors.server";
import { notFound } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { exitTarget } from "~/services/shopify/exit-target.server";
import { embeddedAppConfig, exitIframePage, shopOfSessionToken } from "~/shopify.server";
import type { Route } from "./+types/auth.exit-iframe";

/**
 * Shopify's exit-iframe page (`?exitIframe=`), which takes the admin's top window elsewhere: only to the app,
 * the signed shop's admin or Shopify's admin; any other address is a 400 with the reason.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const config = embeddedAppConfig();
    if (!config) throw notFound();
    const { searchParams } = new URL(request.url);
    const target = exitTarget(searchParams.get("exitIframe"), {
      appUrls: [config.appUrl, env().APP_URL],
      signedShop: await shopOfSessionToken(searchParams.get("id_token")),
    });
    await exitIframePage(request, target);
    return null;
  } catch (error) {
    return errorResponse(error);
  }
}
