import { Banner, BlockStack, Button } from "@shopify/polaris";
import { data, redirect } from "react-router";
import { AuthLayout } from "~/components/auth-layout";
import { statusOf } from "~/http/errors.server";
import { readSessionToken } from "~/http/session-cookie.server";
import { DomainError } from "~/server/domain-errors.server";
import { actorForSession } from "~/services/access/actor.server";
import { completeShopifyConnect } from "~/services/shopify/oauth-connect.server";
import type { Route } from "./+types/auth.shopify.callback";

export const meta: Route.MetaFunction = () => [{ title: "Connect with Shopify · Newsletter Popup" }];

/** The signed-in user of this browser: its session cookie only, as the browser comes back from Shopify. */
async function browserActor(request: Request) {
  const token = await readSessionToken(request);
  return token ? actorForSession(token) : null;
}

/**
 * Shopify's redirect after the merchant granted access (Connect with Shopify): back to the store's
 * Settings, which says the shop is connected; a refused answer stays here and says why.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { storeId, shop } = await completeShopifyConnect(await browserActor(request), new URL(request.url));
    return redirect(`/store/${storeId}/settings?connected=${encodeURIComponent(shop)}`);
  } catch (error) {
    if (error instanceof DomainError) return data({ message: error.message }, { status: statusOf(error) });
    throw error;
  }
}

export default function ShopifyCallback({ loaderData }: Route.ComponentProps) {
  return (
    <AuthLayout title="Connect with Shopify">
      <BlockStack gap="400">
        <Banner tone="critical" title="The shop was not connected">
          {loaderData.message}
        </Banner>
        <Button url="/settings" variant="primary">
          Back to Settings
        </Button>
      </BlockStack>
    </AuthLayout>
  );
}
