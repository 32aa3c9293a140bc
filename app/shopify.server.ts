import { type ApiVersion, AppDistribution, shopifyApp } from "@shopify/shopify-app-react-router/server";
import { DrizzleSessionStoragePostgres } from "@shopify/shopify-app-session-storage-drizzle";
import { db } from "~/db/client.server";
import { shopifySessions } from "~/db/schema";
import { env } from "~/server/env.server";
import { SHOPIFY_API_VERSION } from "~/services/shopify/api-version";
import { connectInstalledShop } from "~/services/shopify/install.server";
import { EncryptedSessionStorage } from "~/services/shopify/session-storage.server";

/** Embedded mode is on only with the Partner app's credentials and public URL; standalone runs without them. */
export function embeddedAppConfig() {
  const { SHOPIFY_API_KEY, SHOPIFY_API_SECRET, SHOPIFY_APP_URL, SCOPES } = env();
  if (!SHOPIFY_API_KEY || !SHOPIFY_API_SECRET || !SHOPIFY_APP_URL) return null;
  return {
    apiKey: SHOPIFY_API_KEY,
    apiSecretKey: SHOPIFY_API_SECRET,
    appUrl: SHOPIFY_APP_URL,
    scopes: SCOPES?.split(",").map((scope) => scope.trim()) ?? [],
  };
}

export function isEmbeddedAppEnabled(): boolean {
  return embeddedAppConfig() !== null;
}

type AdapterSessionTable = ConstructorParameters<typeof DrizzleSessionStoragePostgres>[1];
/**
 * The adapter's table type declares accessToken NOT NULL because the adapter always writes a string;
 * our column allows null (drizzle/0008), which the adapter never writes, so the runtime shapes agree.
 */
const sessionTable = shopifySessions as unknown as AdapterSessionTable;

function createEmbeddedApp(config: NonNullable<ReturnType<typeof embeddedAppConfig>>) {
  return shopifyApp({
    ...config,
    // One of the library's versions (checked where it is declared).
    apiVersion: SHOPIFY_API_VERSION as ApiVersion,
    authPathPrefix: "/auth",
    distribution: AppDistribution.AppStore,
    sessionStorage: new EncryptedSessionStorage(new DrizzleSessionStoragePostgres(db(), sessionTable)),
    // Offline tokens that expire and refresh themselves: Shopify's requirement for new public apps.
    future: { expiringOfflineAccessTokens: true },
    hooks: {
      // Runs after each token exchange that stored a new offline session: a first install or a reinstall.
      afterAuth: async ({ session }) => {
        await connectInstalledShop(session);
      },
    },
  });
}

type EmbeddedApp = ReturnType<typeof createEmbeddedApp>;
let embeddedApp: EmbeddedApp | undefined;

/**
 * The configured Shopify app, built on first use so that the standalone dashboard (no SHOPIFY_* variables)
 * never touches it. Without the variables, every embedded route answers 404.
 */
function shopify(): EmbeddedApp {
  if (embeddedApp) return embeddedApp;
  const config = embeddedAppConfig();
  if (!config) throw new Response("Not Found", { status: 404 });
  embeddedApp = createEmbeddedApp(config);
  return embeddedApp;
}

export const authenticate = {
  admin: (request: Request) => shopify().authenticate.admin(request),
  webhook: (request: Request) => shopify().authenticate.webhook(request),
};

export const unauthenticated = {
  admin: (shop: string) => shopify().unauthenticated.admin(shop),
};

export const login = (request: Request) => shopify().login(request);

export function sessionStorage() {
  return shopify().sessionStorage;
}
