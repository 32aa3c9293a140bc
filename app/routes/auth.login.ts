import { LoginErrorType } from "@shopify/shopify-app-react-router/server";
import { errorResponse } from "~/http/errors.server";
import { refused } from "~/server/domain-errors.server";
import { login } from "~/shopify.server";
import type { Route } from "./+types/auth.login";

const OPEN_FROM_ADMIN = "Open Newsletter Popup from your Shopify admin, under Apps";
const NOT_A_SHOP = "That is not a Shopify shop address: use your-shop.myshopify.com";

/**
 * Shopify's login path: `?shop=` of a real shop goes to that shop's admin to install or open the app (the
 * library's answer); without a shop, or with anything else, a 400 says what to do. App Store apps do not ask
 * merchants to type their shop's address, so there is no form here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const result = await login(request);
    throw refused(result.shop === LoginErrorType.InvalidShop ? NOT_A_SHOP : OPEN_FROM_ADMIN);
  } catch (error) {
    return errorResponse(error);
  }
}
