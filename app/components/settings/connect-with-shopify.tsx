import { BlockStack, Button, InlineStack, List, Text } from "@shopify/polaris";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import { CONNECT_ADMIN_ONLY } from "~/lib/schemas/shopify";

type Props = {
  storeId: string;
  /** Whether this server has the app's Shopify credentials (embedded mode), without which Shopify cannot be asked. */
  available: boolean;
  /** Whether the viewer may link a store to a shop (administrators only; the server checks it too). */
  allowed: boolean;
};

const OAUTH_UNAVAILABLE_TEXT =
  "Connect with Shopify is not available: the app's Shopify credentials are not configured on this server. Ask the person who runs it to set SHOPIFY_API_KEY, SHOPIFY_API_SECRET and SHOPIFY_APP_URL. Until then, the Integration page gives you a script to add to your theme.";

/**
 * Connect with Shopify: installs start on Shopify, which asks the merchant which shop. The button records
 * that this store is to be linked (30 minutes) and goes to Shopify's install; the app, opened in the shop's
 * admin, sends the merchant back here to confirm the link.
 */
export function ConnectWithShopify({ storeId, available, allowed }: Props) {
  const { pending, run } = useAction();

  if (!available) return <Text as="p">{OAUTH_UNAVAILABLE_TEXT}</Text>;
  if (!allowed) return <Text as="p">{CONNECT_ADMIN_ONLY}</Text>;

  function connect() {
    void run(
      async () => {
        const { installUrl } = await apiRequest<{ installUrl: string }>(
          "POST",
          `/api/stores/${storeId}/shopify/link`,
        );
        // Top-level: Shopify's install pages cannot open in a frame.
        window.location.assign(installUrl);
      },
      { message: "Failed to start Connect with Shopify", navigates: true },
    );
  }

  return (
    <BlockStack gap="300">
      <Text as="p">Connect this store with your Shopify shop in three steps, within 30 minutes:</Text>
      <List type="number">
        <List.Item>
          Connect with Shopify takes you to Shopify: choose your shop there and install the app.
        </List.Item>
        <List.Item>
          Shopify opens the app in your Shopify admin: in its Settings, choose Link to my Newsletter Popup
          store.
        </List.Item>
        <List.Item>Back here, confirm which shop joins this store.</List.Item>
      </List>
      <InlineStack>
        <Button variant="primary" onClick={connect} loading={pending}>
          Connect with Shopify
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
