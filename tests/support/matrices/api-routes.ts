import type { Permission } from "~/lib/permissions";

/**
 * Every JSON route under /api, with who may call it. The authorization matrix runs each row for every
 * kind of caller, and a test fails when app/routes.ts has an /api route this table lacks.
 */
export type Requirement = Permission | "admin" | "signed-in";

/** What a row needs before each call: ids of fresh objects in the first organization. */
export type Fixture = {
  storeId: string;
  memberId: string;
  analyticsId: string;
  subscriberId: string;
  /** The store's first popup; the store has a second one, so deleting this one is allowed. */
  popupId: string;
  secondPopupId: string;
  /** A draft campaign of the store. */
  campaignId: string;
  /** A paused welcome series of the store. */
  flowId: string;
  /** A finished CSV import of the store. */
  importId: string;
};

/** A 1×1 PNG, for the routes that take an uploaded image as their body. */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201a2f1b7460000000049454e44ae426082",
  "hex",
);

export type ApiRouteCase = {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The path pattern exactly as in app/routes.ts, e.g. "api/stores/:storeId". */
  pattern: string;
  requires: Requirement;
  /** Permissions needed besides `requires` (e.g. a subscriber search needs View Subscribers too). */
  alsoRequires?: Permission[];
  /** What sets this row apart from another of the same route (its body), for the test's name. */
  variant?: string;
  /** Whether the route addresses one object (another tenant must get 404) or lists the caller's own. */
  scope: "object" | "collection";
  okStatus: number;
  body?: (fixture: Fixture) => unknown;
  /** A raw (non-JSON) body, e.g. an image upload, sent instead of `body`. */
  upload?: { body: Uint8Array; contentType: string };
  /**
   * The organization's, not a store's: a linked shop's staff, who act on their shop's store only, get 403
   * (its stores as a whole, a person's own settings, deleting a store). Every admin-only route is one too.
   */
  organizationRoute?: true;
  /**
   * What the session of the shop whose install created the organization gets where it differs from an
   * admin's okStatus: the embedded app adds no stores, and its installation is its Shopify connection.
   */
  installingShopStatus?: number;
};

/** Whether a linked shop's staff are refused the route (403), whichever store it names. */
export function isOrganizationRoute(row: ApiRouteCase): boolean {
  return row.requires === "admin" || row.organizationRoute === true;
}

/** The arguments after the path of HttpClient.request for a row: its JSON body or its upload. */
export function bodyOf(
  row: ApiRouteCase,
  fixture: Fixture,
): [unknown, { body?: Uint8Array; headers?: Record<string, string> }] {
  return row.upload
    ? [undefined, { body: row.upload.body, headers: { "Content-Type": row.upload.contentType } }]
    : [row.body?.(fixture), {}];
}

export const apiRouteCases: ApiRouteCase[] = [
  { method: "GET", pattern: "api/auth/user", requires: "signed-in", scope: "collection", okStatus: 200 },
  { method: "GET", pattern: "api/stores", requires: "signed-in", scope: "collection", okStatus: 200 },
  {
    method: "POST",
    pattern: "api/stores",
    requires: "manage_stores",
    scope: "collection",
    okStatus: 201,
    body: () => ({ name: "Matrix Store", shopifyUrl: "https://matrix.example.com" }),
    organizationRoute: true,
    installingShopStatus: 403,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId",
    requires: "manage_stores",
    scope: "object",
    okStatus: 200,
    body: () => ({ socialLinks: { twitter: "https://twitter.com/acme" } }),
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId",
    requires: "delete_data",
    scope: "object",
    okStatus: 200,
    organizationRoute: true,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/popup",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/popup",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
    body: () => ({ buttonText: "JOIN" }),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/popups",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/popups",
    requires: "manage_popups",
    scope: "object",
    okStatus: 201,
    body: () => ({ name: "Matrix popup", targeting: { pages: { include: ["/products/*"] } } }),
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/popups/order",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
    body: (fixture) => ({ popupIds: [fixture.secondPopupId, fixture.popupId] }),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/popups/:popupId",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/popups/:popupId",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
    body: () => ({
      design: { position: "bottom-bar" },
      variants: [
        { name: "A", weight: 60 },
        { name: "B", weight: 40 },
      ],
    }),
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId/popups/:popupId",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/popups/:popupId/stats",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/popups/:popupId/promote",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
    body: () => ({ variantId: "control" }),
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/popups/:popupId/publish",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId/popups/:popupId/changes",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/popup-templates",
    requires: "manage_popups",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/popup-images",
    requires: "manage_popups",
    scope: "object",
    okStatus: 201,
    upload: { body: TINY_PNG, contentType: "image/png" },
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/campaigns",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/campaigns",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 201,
    body: () => ({ name: "Spring sale", subject: "Our spring sale starts today" }),
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/campaigns/preview",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
    body: () => ({
      subject: "[First Name], our spring sale",
      preheader: "[DISCOUNT_PERCENT]% off",
      content: {
        headerText: "Spring",
        socialMediaLinks: { instagram: "https://instagram.com/acme" },
        blocks: [
          { id: "hi", type: "text", text: "Hi [First Name], see https://acme.example/sale" },
          {
            id: "claim",
            type: "button",
            label: "Claim",
            url: "https://acme.example/discount/[DISCOUNT_CODE]",
          },
          { id: "hero", type: "image", url: "https://cdn.acme.example/a.png", alt: "Tents", link: "" },
          { id: "code", type: "discountCode" },
          { id: "rule", type: "divider" },
        ],
      },
    }),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/campaigns/:campaignId",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/campaigns/:campaignId",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
    body: () => ({ subject: "Last day of the spring sale", audience: { codeUsed: "no" } }),
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId/campaigns/:campaignId",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    // No SMTP server set up in the fixture store: an authorized caller gets as far as that refusal.
    method: "POST",
    pattern: "api/stores/:storeId/campaigns/:campaignId/test",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 422,
    body: () => ({ to: "reader@acme.example" }),
  },
  {
    // The fixture store has no SMTP server set up: an authorized caller gets as far as that refusal.
    method: "POST",
    pattern: "api/stores/:storeId/campaigns/:campaignId/send",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 409,
    body: () => ({ scheduledAt: new Date(Date.now() + 24 * 3600_000).toISOString() }),
  },
  {
    // A draft is not on its way: an authorized caller gets as far as that refusal.
    method: "POST",
    pattern: "api/stores/:storeId/campaigns/:campaignId/cancel",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 409,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/campaigns/:campaignId/stats",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/flows",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/flows",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 201,
    body: () => ({ template: "welcome-series" }),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/flows/:flowId",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/flows/:flowId",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
    body: () => ({ name: "Hello series", exitOnOrder: false, timeZone: "Europe/Paris" }),
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId/flows/:flowId",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/flows/:flowId/stats",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    // No SMTP server set up in the fixture store: an authorized caller gets as far as that refusal.
    method: "POST",
    pattern: "api/stores/:storeId/flows/:flowId/test",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 422,
    body: () => ({ to: "reader@acme.example", stepId: "reminder" }),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/campaign-settings",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/campaign-settings",
    requires: "manage_campaigns",
    scope: "object",
    okStatus: 200,
    body: () => ({ sendRate: 20 }),
  },
  {
    method: "GET",
    pattern: "api/dashboard/stats",
    requires: "signed-in",
    scope: "collection",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/email-template",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/email-template",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
    body: () => ({ subject: "Welcome aboard, [First Name]" }),
  },
  {
    method: "POST",
    pattern: "api/email-template/preview",
    requires: "manage_email_settings",
    scope: "collection",
    okStatus: 200,
    body: () => ({ subject: "Hello", bodyContent: "Hi [First Name], your code is [DISCOUNT_CODE]." }),
  },
  {
    // The same call for one store: another organization's store id must be "not found".
    method: "POST",
    pattern: "api/email-template/preview",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
    body: (fixture) => ({ storeId: fixture.storeId, subject: "Hello" }),
  },
  { method: "GET", pattern: "api/admin/members", requires: "admin", scope: "collection", okStatus: 200 },
  {
    method: "POST",
    pattern: "api/admin/create-member",
    requires: "admin",
    scope: "collection",
    okStatus: 201,
    body: () => ({ email: `invited-${Math.random().toString(36).slice(2)}@example.com`, permissions: {} }),
  },
  {
    method: "PUT",
    pattern: "api/admin/members/:memberId/permissions",
    requires: "admin",
    scope: "object",
    okStatus: 200,
    body: () => ({ permissions: { view_subscribers: true } }),
  },
  {
    // The fixture's member has set a password already: the admin is told there is nothing to resend.
    method: "POST",
    pattern: "api/admin/members/:memberId/resend-invitation",
    requires: "admin",
    scope: "object",
    okStatus: 409,
  },
  {
    method: "DELETE",
    pattern: "api/admin/members/:memberId",
    requires: "admin",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/integration-script",
    requires: "manage_integrations",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/verify-installation",
    requires: "manage_integrations",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/download-file",
    requires: "manage_integrations",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/shopify/consent-sync",
    requires: "manage_integrations",
    scope: "object",
    okStatus: 200,
    // Turning it off works for any store; turning it on needs a Shopify connection (consent-sync tests).
    body: () => ({ enabled: false }),
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/shopify/welcome-sender",
    requires: "manage_integrations",
    scope: "object",
    okStatus: 200,
    body: () => ({ sender: "app" }),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/email-settings",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/email-settings",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
    body: () => ({ fromName: "Acme" }),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/held-emails",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
  },
  // A fresh store has no SMTP settings: sending its held emails is refused with the 422 that says so.
  {
    method: "POST",
    pattern: "api/stores/:storeId/held-emails",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 422,
    body: () => ({}),
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId/held-emails",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
  },
  // A fresh store has no from email: an allowed caller gets the 422 that says so.
  {
    method: "GET",
    pattern: "api/stores/:storeId/email-settings/domain",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 422,
  },
  // A fresh store has no SMTP settings: an allowed caller gets the 422 that says so.
  {
    method: "POST",
    pattern: "api/stores/:storeId/email-settings/send-test",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 422,
    body: () => ({}),
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/email-template/send-test",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 422,
    body: () => ({}),
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/email-click-stats",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/email-analytics",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId/email-analytics/bulk",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
    body: (fixture) => ({ ids: [fixture.analyticsId] }),
  },
  {
    method: "DELETE",
    pattern: "api/email-analytics/:id",
    requires: "manage_email_settings",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/subscribers",
    requires: "view_subscribers",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/subscribers/:subscriberId",
    requires: "view_subscribers",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "DELETE",
    pattern: "api/stores/:storeId/subscribers/:subscriberId",
    requires: "manage_subscribers",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/subscribers/export.csv",
    requires: "view_subscribers",
    scope: "object",
    okStatus: 200,
  },
  {
    method: "POST",
    pattern: "api/stores/:storeId/subscribers/import",
    requires: "manage_subscribers",
    scope: "object",
    okStatus: 200,
    upload: { body: new TextEncoder().encode("email\nimported@acme.example\n"), contentType: "text/csv" },
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/subscribers/imports/:importId",
    requires: "manage_subscribers",
    alsoRequires: ["view_subscribers"],
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/subscribers/imports/:importId/report.csv",
    requires: "manage_subscribers",
    alsoRequires: ["view_subscribers"],
    scope: "object",
    okStatus: 200,
  },
  {
    method: "GET",
    pattern: "api/user-preferences",
    requires: "manage_email_settings",
    scope: "collection",
    okStatus: 200,
    organizationRoute: true,
  },
  {
    method: "PUT",
    pattern: "api/user-preferences",
    requires: "manage_email_settings",
    scope: "collection",
    okStatus: 200,
    body: () => ({ dailySubscriberSummary: true }),
    organizationRoute: true,
  },
  // A non-Shopify address is refused before any call to Shopify: an allowed caller gets that 422.
  {
    method: "POST",
    pattern: "api/stores/:storeId/shopify/verify",
    requires: "manage_integrations",
    scope: "object",
    okStatus: 422,
    body: () => ({ shopifyUrl: "https://shop.example.com", accessToken: "shpat_x" }),
  },
  // A store without a custom app token cannot be given one (Connect with Shopify instead): that 400.
  {
    method: "POST",
    pattern: "api/stores/:storeId/shopify/connect",
    requires: "manage_integrations",
    scope: "object",
    okStatus: 400,
    body: () => ({ shopifyUrl: "https://shop.example.com", accessToken: "shpat_x" }),
  },
  // Linking a store to a shop gives whoever controls the shop this store: administrators only. The fixture
  // store is not a Shopify store: an admin gets the 422 that says so. Inside the Shopify admin the
  // installation is the connection: the installing shop gets the 400 that says so.
  {
    method: "POST",
    pattern: "api/stores/:storeId/shopify/link",
    requires: "admin",
    scope: "object",
    okStatus: 422,
    installingShopStatus: 400,
  },
  // A fresh store is not connected to Shopify: an allowed caller gets the 422 that says so.
  {
    method: "POST",
    pattern: "api/stores/:storeId/sync-coupon-usage",
    requires: "manage_subscribers",
    scope: "object",
    okStatus: 422,
  },
  {
    method: "GET",
    pattern: "api/stores/:storeId/sync-coupon-usage",
    requires: "manage_subscribers",
    scope: "object",
    okStatus: 422,
  },
];

/** Routes outside the signed-in API: public storefront endpoints and the auth flows themselves. */
/**
 * Routes of the table whose body can search the subscribers: a count with a search of the caller's choosing
 * reads the list (letter by letter), so it needs View Subscribers too. Only the authorization matrix runs
 * these (their bad inputs are the rows' above).
 */
export const apiSearchCases: ApiRouteCase[] = [
  {
    method: "POST",
    pattern: "api/stores/:storeId/campaigns",
    variant: "with a subscriber search",
    requires: "manage_campaigns",
    alsoRequires: ["view_subscribers"],
    scope: "object",
    okStatus: 201,
    body: () => ({ name: "Garcias", subject: "For you", audience: { search: "garcia" } }),
  },
  {
    method: "PUT",
    pattern: "api/stores/:storeId/campaigns/:campaignId",
    variant: "with a subscriber search",
    requires: "manage_campaigns",
    alsoRequires: ["view_subscribers"],
    scope: "object",
    okStatus: 200,
    body: () => ({ audience: { search: "garcia" } }),
  },
];

export const unauthenticatedApiPatterns = [
  "api/auth/login",
  "api/auth/logout",
  "api/auth/forgot-password",
  "api/auth/reset-password",
  "api/*",
];

export function pathOf(pattern: string, fixture: Fixture): string {
  return `/${pattern
    .replace(":storeId", fixture.storeId)
    .replace(":memberId", fixture.memberId)
    .replace(":subscriberId", fixture.subscriberId)
    .replace(":popupId", fixture.popupId)
    .replace(":campaignId", fixture.campaignId)
    .replace(":flowId", fixture.flowId)
    .replace(":importId", fixture.importId)
    .replace(":id", fixture.analyticsId)}`;
}

/**
 * The route matrices (hostile input, authorization) each run in two files side by side, split on this
 * pattern: the campaign and popup routes take about as long as all the others.
 */
export const CAMPAIGN_OR_POPUP_ROUTE = /campaign|popup/;
