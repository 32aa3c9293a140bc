import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/** A section reachable bare (/popup-builder) and store-scoped (/store/:storeId/popup-builder), SPEC §2. */
function section(path: string, file: string) {
  return [route(path, file, { id: path }), route(`store/:storeId/${path}`, file, { id: `store-${path}` })];
}

/** The same screen inside the Shopify admin, under /app (its own route id; the module is shared). */
function embedded(path: string, file: string) {
  return route(path, file, { id: `app/${path}` });
}

export default [
  route("login", "routes/login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("setup", "routes/setup.tsx"),
  route("signup", "routes/signup.tsx"),

  route("api/auth/login", "routes/api.auth.login.ts"),
  route("api/auth/logout", "routes/api.auth.logout.ts"),
  route("api/auth/forgot-password", "routes/api.auth.forgot-password.ts"),
  route("api/auth/reset-password", "routes/api.auth.reset-password.ts"),
  route("api/auth/user", "routes/api.auth.user.ts"),
  route("api/stores", "routes/api.stores.ts"),
  route("api/stores/:storeId", "routes/api.stores.$storeId.ts"),
  route("api/stores/:storeId/popup", "routes/api.stores.$storeId.popup.ts"),
  route("api/stores/:storeId/popups", "routes/api.stores.$storeId.popups.ts"),
  route("api/stores/:storeId/popup-templates", "routes/api.stores.$storeId.popup-templates.ts"),
  route("api/stores/:storeId/popups/order", "routes/api.stores.$storeId.popups.order.ts"),
  route("api/stores/:storeId/popups/:popupId", "routes/api.stores.$storeId.popups.$popupId.ts"),
  route("api/stores/:storeId/popups/:popupId/stats", "routes/api.stores.$storeId.popups.$popupId.stats.ts"),
  route(
    "api/stores/:storeId/popups/:popupId/publish",
    "routes/api.stores.$storeId.popups.$popupId.publish.ts",
  ),
  route(
    "api/stores/:storeId/popups/:popupId/changes",
    "routes/api.stores.$storeId.popups.$popupId.changes.ts",
  ),
  route(
    "api/stores/:storeId/popups/:popupId/promote",
    "routes/api.stores.$storeId.popups.$popupId.promote.ts",
  ),
  route("api/stores/:storeId/campaigns", "routes/api.stores.$storeId.campaigns.ts"),
  route("api/stores/:storeId/campaign-settings", "routes/api.stores.$storeId.campaign-settings.ts"),
  // Before :campaignId, so "preview" is never read as a campaign's id.
  route("api/stores/:storeId/campaigns/preview", "routes/api.stores.$storeId.campaigns.preview.ts"),
  route("api/stores/:storeId/campaigns/:campaignId", "routes/api.stores.$storeId.campaigns.$campaignId.ts"),
  route(
    "api/stores/:storeId/campaigns/:campaignId/test",
    "routes/api.stores.$storeId.campaigns.$campaignId.test.ts",
  ),
  route(
    "api/stores/:storeId/campaigns/:campaignId/send",
    "routes/api.stores.$storeId.campaigns.$campaignId.send.ts",
  ),
  route(
    "api/stores/:storeId/campaigns/:campaignId/cancel",
    "routes/api.stores.$storeId.campaigns.$campaignId.cancel.ts",
  ),
  route(
    "api/stores/:storeId/campaigns/:campaignId/stats",
    "routes/api.stores.$storeId.campaigns.$campaignId.stats.ts",
  ),
  route("api/stores/:storeId/flows", "routes/api.stores.$storeId.flows.ts"),
  route("api/stores/:storeId/flows/:flowId", "routes/api.stores.$storeId.flows.$flowId.ts"),
  route("api/stores/:storeId/flows/:flowId/stats", "routes/api.stores.$storeId.flows.$flowId.stats.ts"),
  route("api/stores/:storeId/flows/:flowId/test", "routes/api.stores.$storeId.flows.$flowId.test.ts"),
  route("api/stores/:storeId/popup-images", "routes/api.stores.$storeId.popup-images.ts"),
  route("api/stores/:storeId/email-settings", "routes/api.stores.$storeId.email-settings.ts"),
  route("api/stores/:storeId/held-emails", "routes/api.stores.$storeId.held-emails.ts"),
  route(
    "api/stores/:storeId/email-settings/send-test",
    "routes/api.stores.$storeId.email-settings.send-test.ts",
  ),
  route("api/stores/:storeId/email-settings/domain", "routes/api.stores.$storeId.email-settings.domain.ts"),
  route("api/stores/:storeId/email-click-stats", "routes/api.stores.$storeId.email-click-stats.ts"),
  route("api/stores/:storeId/email-analytics", "routes/api.stores.$storeId.email-analytics.ts"),
  route("api/stores/:storeId/email-analytics/bulk", "routes/api.stores.$storeId.email-analytics.bulk.ts"),
  route("api/email-analytics/:id", "routes/api.email-analytics.$id.ts"),
  route("api/stores/:storeId/integration-script", "routes/api.stores.$storeId.integration-script.ts"),
  route("api/stores/:storeId/verify-installation", "routes/api.stores.$storeId.verify-installation.ts"),
  route("api/stores/:storeId/download-file", "routes/api.stores.$storeId.download-file.ts"),
  route("api/user-preferences", "routes/api.user-preferences.ts"),
  route("api/stores/:storeId/shopify/verify", "routes/api.stores.$storeId.shopify.verify.ts"),
  route("api/stores/:storeId/shopify/connect", "routes/api.stores.$storeId.shopify.connect.ts"),
  route("api/stores/:storeId/shopify/link", "routes/api.stores.$storeId.shopify.link.ts"),
  route("api/stores/:storeId/shopify/welcome-sender", "routes/api.stores.$storeId.shopify.welcome-sender.ts"),
  route("api/stores/:storeId/shopify/consent-sync", "routes/api.stores.$storeId.shopify.consent-sync.ts"),
  route("api/stores/:storeId/sync-coupon-usage", "routes/api.stores.$storeId.sync-coupon-usage.ts"),
  route("api/dashboard/stats", "routes/api.dashboard.stats.ts"),
  route("api/admin/members", "routes/api.admin.members.ts"),
  route("api/admin/create-member", "routes/api.admin.create-member.ts"),
  route("api/admin/members/:memberId", "routes/api.admin.members.$memberId.ts"),
  route("api/admin/members/:memberId/permissions", "routes/api.admin.members.$memberId.permissions.ts"),
  route(
    "api/admin/members/:memberId/resend-invitation",
    "routes/api.admin.members.$memberId.resend-invitation.ts",
  ),
  route("api/stores/:storeId/email-template", "routes/api.stores.$storeId.email-template.ts"),
  route(
    "api/stores/:storeId/email-template/send-test",
    "routes/api.stores.$storeId.email-template.send-test.ts",
  ),
  route("api/email-template/preview", "routes/api.email-template.preview.ts"),
  route("api/stores/:storeId/subscribers", "routes/api.stores.$storeId.subscribers.ts"),
  route("api/stores/:storeId/subscribers/export.csv", "routes/api.stores.$storeId.subscribers.export.ts"),
  route("api/stores/:storeId/subscribers/import", "routes/api.stores.$storeId.subscribers.import.ts"),
  route(
    "api/stores/:storeId/subscribers/imports/:importId",
    "routes/api.stores.$storeId.subscribers.imports.$importId.ts",
  ),
  route(
    "api/stores/:storeId/subscribers/imports/:importId/report.csv",
    "routes/api.stores.$storeId.subscribers.imports.$importId.report.ts",
  ),
  route(
    "api/stores/:storeId/subscribers/:subscriberId",
    "routes/api.stores.$storeId.subscribers.$subscriberId.ts",
  ),
  route("api/*", "routes/api.not-found.ts"),

  // Shopify webhooks: each URI is declared in shopify.app.toml beside a "# Handled by" comment naming its file.
  route("webhooks/app/uninstalled", "routes/webhooks.app.uninstalled.ts"),
  route("webhooks/app/scopes_update", "routes/webhooks.app.scopes_update.ts"),
  route("webhooks/orders/create", "routes/webhooks.orders.create.ts"),
  route("webhooks/checkouts/create", "routes/webhooks.checkouts.create.ts"),
  route("webhooks/checkouts/update", "routes/webhooks.checkouts.update.ts"),
  route("webhooks/customers/data_request", "routes/webhooks.customers.data_request.ts"),
  route("webhooks/customers/redact", "routes/webhooks.customers.redact.ts"),
  route("webhooks/shop/redact", "routes/webhooks.shop.redact.ts"),

  // Connect with Shopify: the dashboard's confirmation, opened from the app in the shop's admin.
  route("connect/shopify", "routes/connect.shopify.tsx"),
  // Shopify's own pages, each checked before the library answers it.
  route("auth/login", "routes/auth.login.ts"),
  route("auth/exit-iframe", "routes/auth.exit-iframe.ts"),
  route("auth/*", "routes/auth.$.ts"),
  route("app", "routes/app.tsx", [
    index("routes/dashboard.tsx", { id: "app/home" }),
    embedded("dashboard", "routes/dashboard.tsx"),
    embedded("popup-builder", "routes/popup-builder.tsx"),
    embedded("subscribers", "routes/subscribers.tsx"),
    embedded("campaigns", "routes/campaigns.tsx"),
    embedded("campaigns/:campaignId", "routes/campaigns.$campaignId.tsx"),
    embedded("flows", "routes/flows.tsx"),
    embedded("flows/:flowId", "routes/flows.$flowId.tsx"),
    embedded("integration", "routes/integration.tsx"),
    embedded("email-templates", "routes/email-templates.tsx"),
    embedded("email-analytics", "routes/email-analytics.tsx"),
    embedded("settings", "routes/settings.tsx"),
    embedded("*", "routes/not-found.tsx"),
  ]),

  route("onboarding", "routes/onboarding.tsx"),
  layout("routes/_app.tsx", [
    layout("routes/_app.screens.tsx", [
      index("routes/dashboard.tsx", { id: "home" }),
      ...section("dashboard", "routes/dashboard.tsx"),
      route("stores", "routes/stores.tsx"),
      ...section("popup-builder", "routes/popup-builder.tsx"),
      ...section("subscribers", "routes/subscribers.tsx"),
      ...section("campaigns", "routes/campaigns.tsx"),
      ...section("campaigns/:campaignId", "routes/campaigns.$campaignId.tsx"),
      ...section("flows", "routes/flows.tsx"),
      ...section("flows/:flowId", "routes/flows.$flowId.tsx"),
      ...section("integration", "routes/integration.tsx"),
      ...section("email-templates", "routes/email-templates.tsx"),
      ...section("email-analytics", "routes/email-analytics.tsx"),
      ...section("settings", "routes/settings.tsx"),
      route("admin/members", "routes/admin.members.tsx"),
      route("*", "routes/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
