import { Banner, BlockStack, List, Text } from "@shopify/polaris";

/**
 * A Shopify store on a dashboard that runs without the Shopify app's credentials: the theme app embed (the
 * way shopify.dev asks App Store apps to use) cannot reach the shop, so the merchant adds the script to the
 * theme by hand, told where, what it costs, and how to move to the app embed later.
 */
export function ShopifyScriptCaveat() {
  return (
    <Banner tone="info" title="On Shopify, the app embed is the recommended way">
      <BlockStack gap="200">
        <Text as="p">
          This dashboard runs without the Shopify app's credentials, so the app embed is not available here.
          Add the script to your theme yourself:
        </Text>
        <List type="number">
          <List.Item>In your Shopify admin, open Online Store → Themes.</List.Item>
          <List.Item>On your current theme, click ⋯ → Edit code, and open layout/theme.liquid.</List.Item>
          <List.Item>Paste the script just before &lt;/head&gt;, then click Save.</List.Item>
        </List>
        <Text as="p">
          The script stays in that theme only: add it again after switching to another theme. Once whoever
          runs this dashboard sets SHOPIFY_API_KEY, SHOPIFY_API_SECRET and SHOPIFY_APP_URL, connect the store
          in Settings (Connect with Shopify), turn on the app embed, and remove the script from theme.liquid.
        </Text>
      </BlockStack>
    </Banner>
  );
}
