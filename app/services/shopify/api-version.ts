import type { ApiVersion } from "@shopify/shopify-app-react-router/server";

/**
 * The Admin API version every call pins, the embedded app's and the standalone client's alike (Shopify
 * supports each version for a year); `satisfies` keeps it one the library knows. A plain string, so that
 * `npm run graphql-codegen` reads it without loading the library. Changing it: README, "How to move Admin
 * API versions".
 */
export const SHOPIFY_API_VERSION = "2026-10" satisfies `${ApiVersion}`;
