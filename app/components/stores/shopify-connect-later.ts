/** Step 2 of adding a Shopify store: the shop is connected once the store exists, with Connect with Shopify. */
export const SHOPIFY_CONNECT_LATER =
  "Create the store, then connect it with Shopify: Shopify asks you to approve the app's access to your shop (discount codes, customers, orders) and brings you back. You can also do it later under Settings → Shopify store configuration.";
