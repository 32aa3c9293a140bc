import { BlockStack, Button, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import {
  CONNECT_ADMIN_ONLY,
  cleanShopDomain,
  isShopDomain,
  SHOP_DOMAIN_MESSAGE,
} from "~/lib/schemas/shopify";

type Props = {
  storeId: string;
  /** The shop's domain as far as the store knows it, to start the field with. */
  initialShop: string;
  /** Whether this server has the app's Shopify credentials (embedded mode), without which Shopify cannot be asked. */
  available: boolean;
  /** Whether the viewer may link a store to a shop (administrators only; the server checks it too). */
  allowed: boolean;
};

const OAUTH_UNAVAILABLE_TEXT =
  "Connect with Shopify is not available: the app's Shopify credentials are not configured on this server. Ask the person who runs it to set SHOPIFY_API_KEY, SHOPIFY_API_SECRET and SHOPIFY_APP_URL. Until then, the Integration page gives you a script to add to your theme.";

/**
 * Connect with Shopify: the shop's myshopify.com domain, then the shop's own page where its owner grants
 * the app access; Shopify sends the browser back to the store's Settings, connected.
 */
export function ConnectWithShopify({ storeId, initialShop, available, allowed }: Props) {
  const [shop, setShop] = useState(initialShop);
  const [error, setError] = useState<string | undefined>();
  const { pending, run } = useAction();

  if (!available) return <Text as="p">{OAUTH_UNAVAILABLE_TEXT}</Text>;
  if (!allowed) return <Text as="p">{CONNECT_ADMIN_ONLY}</Text>;

  function connect() {
    if (!isShopDomain(shop)) {
      setError(SHOP_DOMAIN_MESSAGE);
      return;
    }
    void run(
      async () => {
        const { authorizeUrl } = await apiRequest<{ authorizeUrl: string }>(
          "POST",
          `/api/stores/${storeId}/shopify/oauth`,
          { shop: cleanShopDomain(shop) },
        );
        // Top-level: Shopify's grant page cannot open in a frame.
        window.location.assign(authorizeUrl);
      },
      { message: "Failed to start Connect with Shopify", navigates: true },
    );
  }

  return (
    <BlockStack gap="300">
      <TextField
        label="Shop domain"
        value={shop}
        onChange={(value) => {
          setShop(value);
          setError(undefined);
        }}
        placeholder="your-store.myshopify.com"
        helpText="Your shop's myshopify.com domain. Shopify asks you to approve the app's access, then brings you back to the store's Settings."
        error={error}
        autoComplete="off"
      />
      <InlineStack>
        <Button variant="primary" onClick={connect} loading={pending}>
          Connect with Shopify
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
