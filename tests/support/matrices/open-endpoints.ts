/**
 * The endpoints outside the signed-in API (tests/support/matrices/api-routes.ts): the storefront's public
 * JSON, the pages a subscriber reaches from an email, and the auth flows. Anyone may call them.
 */
export type OpenFixture = {
  storeId: string;
  trackingId: string;
  unsubscribeToken: string;
  confirmToken: string;
  notificationToken: string;
  /** An uploaded popup image of the store. */
  imageId: string;
};

export type OpenEndpointCase = {
  method: "GET" | "POST";
  pattern: string;
  /** json: failures answer `{ message }`; page: an HTML page (a bad link shows "Link not valid"). */
  kind: "json" | "page";
  /** A good JSON body; its leaves get the hostile values. */
  body?: () => unknown;
};

/** An address on a reserved domain the popup's default validation accepts (no free-mail provider). */
const companyEmail = () => `visitor-${Math.random().toString(36).slice(2)}@acme.example`;

export const openEndpointCases: OpenEndpointCase[] = [
  { method: "GET", pattern: "api/public/stores/:storeId/popup", kind: "json" },
  { method: "GET", pattern: "api/public/stores/:storeId/popups", kind: "json" },
  { method: "GET", pattern: "api/public/stores/:storeId/challenge", kind: "json" },
  {
    method: "POST",
    pattern: "api/public/stores/:storeId/subscribe",
    kind: "json",
    body: () => ({
      email: companyEmail(),
      name: "Jo",
      pageUrl: "https://shop.example.com/products/1",
      popupId: "a popup id",
      variantId: "control",
      proof: "1700000000000.aaaaaaaaaaaaaaaa.0123456789abcdef0123456789abcdef.42",
    }),
  },
  {
    method: "POST",
    pattern: "api/public/stores/:storeId/impressions",
    kind: "json",
    body: () => ({ popupId: "a popup id", variantId: "control" }),
  },
  {
    method: "POST",
    pattern: "api/public/stores/:storeId/extra-fields",
    kind: "json",
    // No subscription answered this token: refused (422) whatever the fields hold.
    body: () => ({
      token: "not a token",
      firstName: "Jo",
      birthdayDay: "14",
      birthdayMonth: "3",
      phoneConsent: true,
    }),
  },
  { method: "GET", pattern: "api/public/images/:imageId", kind: "json" },
  // The store has no bounce webhook set up: whatever comes, a 404 (the signed requests are email-events-webhooks.test.ts's).
  {
    method: "POST",
    pattern: "webhooks/email-events/:storeId",
    kind: "json",
    body: () => ({ RecordType: "Bounce", ID: 1, Type: "HardBounce", Email: "reader@inbox.example" }),
  },
  { method: "GET", pattern: "t/:trackingId", kind: "page" },
  { method: "GET", pattern: "u/:unsubscribeToken", kind: "page" },
  { method: "POST", pattern: "u/:unsubscribeToken", kind: "page" },
  { method: "GET", pattern: "confirm/:confirmToken", kind: "page" },
  { method: "POST", pattern: "confirm/:confirmToken", kind: "page" },
  { method: "GET", pattern: "notification-email/:notificationToken", kind: "page" },
  { method: "POST", pattern: "notification-email/:notificationToken", kind: "page" },
  {
    method: "POST",
    pattern: "api/auth/login",
    kind: "json",
    // An account that does not exist: a hostile password must not sign anyone in.
    body: () => ({ email: "nobody@acme.example", password: "correct horse battery staple" }),
  },
  // An address with no account: an accepted request queues no mail, so the database stays as it was.
  {
    method: "POST",
    pattern: "api/auth/forgot-password",
    kind: "json",
    body: () => ({ email: "nobody@acme.example" }),
  },
  {
    method: "POST",
    pattern: "api/auth/reset-password",
    kind: "json",
    body: () => ({ token: "a".repeat(43), password: "correct horse battery staple" }),
  },
  { method: "POST", pattern: "api/auth/logout", kind: "json", body: () => ({}) },
];

export function openPathOf(pattern: string, fixture: OpenFixture): string {
  return `/${pattern.replace(/:(\w+)/g, (_, name: keyof OpenFixture) => encodeURIComponent(fixture[name]))}`;
}
