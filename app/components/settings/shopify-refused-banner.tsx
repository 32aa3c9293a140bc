import { Banner, Text } from "@shopify/polaris";
import { useRevalidator } from "react-router";
import { useEmbedded } from "~/components/embedded";
import type { StoreSettingsView } from "./store-settings";

type Props = {
  store: StoreSettingsView;
  /** The Shopify app's API key (Client ID), which names the app in a shop's admin; null without the app. */
  apiKey: string | null;
};

/** The app's page in a shop's Shopify admin: opening it gives the app a new access token. */
function appInShopifyAdminUrl(shopDomain: string, apiKey: string): string {
  return `https://${shopDomain}/admin/apps/${apiKey}`;
}

/**
 * Shopify refused the store's access token (stores.shopify_refused_at): what no longer works, and what the
 * merchant does about it. A shop that installed the app reconnects by opening it in the Shopify admin, where
 * a new token is exchanged (docs/decisions/161); a custom app's token is replaced by Connect with Shopify.
 */
export function ShopifyRefusedBanner({ store, apiKey }: Props) {
  const embedded = useEmbedded();
  const revalidator = useRevalidator();
  if (!store.shopifyRefusedAt) return null;
  const shop = store.shopifyDomain ?? store.shopifyUrl ?? "your shop";
  const title = `Shopify refused this app's access to ${shop}`;
  const paused = "Unique discount codes, coupon usage and consent sync are paused until it is reconnected.";

  if (!store.shopifyDomain) {
    return (
      <Banner tone="critical" title={title}>
        <Text as="p">{`${paused} Its custom app's access token may have been revoked: connect with Shopify below to reconnect.`}</Text>
      </Banner>
    );
  }
  if (embedded) {
    // Each request from the admin carries a session token, which the server exchanges for a new access.
    return (
      <Banner
        tone="critical"
        title={title}
        action={{
          content: "Try again",
          onAction: () => void revalidator.revalidate(),
          loading: revalidator.state === "loading",
        }}
      >
        <Text as="p">{`${paused} Shopify refused the new access it gave the app as well. Try again in a moment; if this message stays, reinstall Newsletter Popup from your Shopify admin.`}</Text>
      </Banner>
    );
  }
  return (
    <Banner
      tone="critical"
      title={title}
      action={
        apiKey
          ? {
              content: "Open the app in Shopify",
              url: appInShopifyAdminUrl(store.shopifyDomain, apiKey),
              target: "_blank",
            }
          : undefined
      }
    >
      <Text as="p">{`${paused} Open Newsletter Popup from your Shopify admin to reconnect: Shopify gives the app a new access there, and the store reconnects on its own.`}</Text>
    </Banner>
  );
}
