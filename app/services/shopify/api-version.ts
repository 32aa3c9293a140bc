import { ApiVersion } from "@shopify/shopify-app-react-router/server";

/**
 * The Admin API version every call pins, the embedded app's and the standalone client's alike (Shopify
 * supports each version for a year). Changing it: README, "How to move Admin API versions".
 */
export const SHOPIFY_API_VERSION = ApiVersion.October25;
