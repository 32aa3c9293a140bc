/** Step 2 of adding a Shopify store: the shop is connected once the store exists, with Connect with Shopify. */
export const SHOPIFY_CONNECT_LATER =
  "Create the store, then connect it with Shopify: Shopify asks you to approve the app's access to your shop (discount codes, customers, orders) and brings you back. You can also do it later under Settings → Shopify store configuration.";

/** The same step on a dashboard without the Shopify app's credentials: no connection, the script instead. */
export const SHOPIFY_SCRIPT_LATER =
  "Create the store to get its script: the Integration page shows where to add it in your Shopify theme. (Connect with Shopify and the theme's app embed need the Shopify app's credentials on this server.)";
