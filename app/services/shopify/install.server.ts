import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { organizations, stores, userPreferences, users } from "~/db/schema";
import { DEFAULT_AUDIENCE } from "~/lib/shop-audience";
import { encryptSecret } from "~/server/crypto.server";
import { logger } from "~/server/logger.server";
import { findUserByEmail } from "~/services/access/users.server";
import { insertStoreWithDefaults } from "~/services/stores/crud.server";
import { enqueue } from "../../../jobs/client";
import { adminGraphql, ShopifyAuthError } from "./admin-api.server";

type InstalledSession = { shop: string; accessToken?: string };
type ShopProfile = { name: string; email: string; currency: string };

const SHOP_PROFILE_QUERY = `#graphql
  query ShopProfile {
    shop {
      name
      email
      currencyCode
    }
  }`;

async function readShopProfile(shopDomain: string, accessToken: string): Promise<ShopProfile> {
  const { shop } = await adminGraphql({ shopDomain, accessToken }, SHOP_PROFILE_QUERY);
  return {
    name: shop.name || shopDomain,
    email: shop.email || `owner@${shopDomain}`,
    currency: shop.currencyCode,
  };
}

/**
 * Emails are unique across organizations; a merchant who also has a standalone account keeps it, and the
 * shop's administrator gets the same mailbox with a "+shop" tag, which still delivers.
 */
async function freeEmailFor(email: string, shopDomain: string): Promise<string> {
  if (!(await findUserByEmail(email))) return email;
  const [local, domain] = email.split("@");
  return `${local}+${shopDomain.replace(".myshopify.com", "")}@${domain}`;
}

const SHOP_ID_QUERY = `#graphql
  query ShopId {
    shop {
      id
    }
  }`;

/** Whether Shopify takes a token: the cheapest call there is. A refusal is false; any other failure is thrown. */
async function tokenWorks(shopDomain: string, accessToken: string): Promise<boolean> {
  try {
    await adminGraphql({ shopDomain, accessToken }, SHOP_ID_QUERY);
    return true;
  } catch (error) {
    if (error instanceof ShopifyAuthError) return false;
    throw error;
  }
}

/** The store of a shop Shopify refused the last token of (stores.shopify_refused_at), if any. */
async function refusedStoreOf(shopDomain: string) {
  const [store] = await db()
    .select({ storeId: stores.id })
    .from(stores)
    .where(and(eq(stores.shopifyDomain, shopDomain), isNotNull(stores.shopifyRefusedAt)));
  return store;
}

/**
 * After a shop installs the app (or reinstalls it), its organization and store exist and are connected with
 * the current offline token. A reinstall finds the store by its myshopify domain and reconnects it, keeping
 * every subscriber and setting; a first install creates the organization, its administrator and the store
 * with the default popup, welcome template and email settings. A store whose last token Shopify refused
 * reconnects only once Shopify takes the new one (`connected` false otherwise: it stays refused).
 */
export async function connectInstalledShop(
  session: InstalledSession,
): Promise<{ storeId: string; connected: boolean }> {
  const shopDomain = session.shop;
  if (!session.accessToken) throw new Error(`No offline access token for ${shopDomain}`);
  const refused = await refusedStoreOf(shopDomain);
  if (refused && !(await tokenWorks(shopDomain, session.accessToken))) {
    logger().warn({ shop: shopDomain }, "Shopify refused the shop's new token too: the store stays refused");
    return { ...refused, connected: false };
  }
  const connection: Connection = {
    isConnected: true,
    shopifyAccessToken: encryptSecret(session.accessToken),
    shopifyUrl: `https://${shopDomain}`,
    shopifyRefusedAt: null,
  };

  const installed =
    (await reconnectStore(shopDomain, connection)) ??
    (await createOrReconnect(shopDomain, await readShopProfile(shopDomain, session.accessToken), connection));
  if (refused) logger().info({ shop: shopDomain }, "Shopify takes the shop's new token: store reconnected");
  // The theme app embed learns the store id and the app's URL (which may have changed) from the shop.
  await enqueue("shopify", { type: "publish-storefront-settings", storeId: installed.storeId });
  return { ...installed, connected: true };
}

async function createOrReconnect(shopDomain: string, profile: ShopProfile, connection: Connection) {
  try {
    return await createShopOrganization(shopDomain, profile, connection);
  } catch (error) {
    // Two first requests of a new shop raced: the other one created it, so this one reconnects.
    if (!isUniqueViolation(error)) throw error;
    const raced = await reconnectStore(shopDomain, connection);
    if (!raced) throw error;
    return raced;
  }
}

type Connection = {
  isConnected: true;
  shopifyAccessToken: string;
  shopifyUrl: string;
  shopifyRefusedAt: null;
};

async function reconnectStore(shopDomain: string, connection: Connection) {
  const [store] = await db()
    .update(stores)
    .set({ ...connection, updatedAt: new Date() })
    .where(eq(stores.shopifyDomain, shopDomain))
    .returning({ storeId: stores.id });
  return store;
}

async function createShopOrganization(shopDomain: string, profile: ShopProfile, connection: Connection) {
  const email = await freeEmailFor(profile.email, shopDomain);
  const store = await db().transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ name: profile.name, createdByShop: shopDomain })
      .returning();
    if (!organization) throw new Error("Organization was not created");
    const [admin] = await tx
      .insert(users)
      .values({
        organizationId: organization.id,
        username: profile.name,
        email,
        role: "admin",
        isActive: true,
        isEmailVerified: true,
      })
      .returning();
    if (!admin) throw new Error("Administrator was not created");
    await tx.insert(userPreferences).values({ userId: admin.id, adminNotificationEmail: email });
    return insertStoreWithDefaults(
      tx,
      {
        ...connection,
        organizationId: organization.id,
        userId: admin.id,
        name: profile.name,
        currency: profile.currency,
        integrationType: "shopify",
        shopifyDomain: shopDomain,
        createdByShop: shopDomain,
        shopifyStoreName: shopDomain.replace(".myshopify.com", ""),
      },
      DEFAULT_AUDIENCE,
    );
  });
  return { storeId: store.id };
}
