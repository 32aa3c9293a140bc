import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores } from "~/db/schema";
import { invalid } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { adminGraphql } from "./admin-api.server";
import { credentialsOf, withShopify } from "./connection.server";

/**
 * Where the theme app extension reads its settings: app-data metafields (owned by the app installation, so
 * neither the merchant nor another app can change them), as app.metafields.newsletter_popup.* in Liquid.
 */
export const STOREFRONT_NAMESPACE = "newsletter_popup";

/**
 * Tells the shop's theme app extension which store it is, where the popup's API answers and the install
 * script's version. Run after each install (the app's URL may change) and after the script is regenerated:
 * idempotent, it overwrites the same values.
 */
export async function publishStorefrontSettings(storeId: string): Promise<boolean> {
  const [store] = await db().select().from(stores).where(eq(stores.id, storeId));
  if (!store || !credentialsOf(store)) return false;
  const { SHOPIFY_APP_URL, APP_URL } = env();
  const apiOrigin = new URL(SHOPIFY_APP_URL ?? APP_URL).origin;
  await withShopify(store, async (credentials) => {
    const { currentAppInstallation } = await adminGraphql(
      credentials,
      `#graphql
      query AppInstallationId { currentAppInstallation { id } }`,
    );
    const value = (key: string, text: string) => ({
      ownerId: currentAppInstallation.id,
      namespace: STOREFRONT_NAMESPACE,
      key,
      type: "single_line_text_field",
      value: text,
    });
    const data = await adminGraphql(
      credentials,
      `#graphql
      mutation PublishStorefrontSettings($metafields: [MetafieldsSetInput!]!) {
        metafieldsSet(metafields: $metafields) {
          metafields { key }
          userErrors { field message }
        }
      }`,
      {
        metafields: [
          value("store_id", store.id),
          value("api_origin", apiOrigin),
          // The install script's current version: the popup config refuses a retired one (Integration screen).
          ...(store.activeScriptVersion ? [value("script_version", store.activeScriptVersion)] : []),
        ],
      },
    );
    const { userErrors = [] } = data.metafieldsSet ?? {};
    if (userErrors.length > 0) {
      throw invalid(
        `Shopify refused the storefront settings: ${userErrors.map((error) => error.message).join("; ")}`,
      );
    }
  });
  return true;
}
