/**
 * Addresses Shopify's exit-iframe page must never open for an app at https://newsletter-popup.test (the
 * test app's URL) without a session token for the shop in question: other sites, look-alikes, schemes and
 * the forms of URL that parsers read differently.
 */
export const OFF_SITE_TARGETS = [
  "https://evil.example",
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "https:/\\evil.example",
  "http://newsletter-popup.test/app",
  "https://newsletter-popup.test.evil.example/",
  "https://newsletter-popup.test@evil.example/",
  "https://user:pass@admin.shopify.com/",
  "https://admin.shopify.com.evil.example/",
  "https://admin.shopify.com:8443/",
  "https://evil.example/#https://admin.shopify.com",
  "javascript:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
  "https://other.myshopify.com/admin",
  "https://acme.myshopify.com/",
  "https://acme.myshopify.com/administrator",
  "https://newsletter-popup.test//evil.example",
  "https://admin.shopify.com/x?next=a///b",
  "https://ｅｖｉｌ．example",
  "https://[::1",
];
