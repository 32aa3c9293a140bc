/** SPEC §3 popup_configs defaults, shared by the server, the builder and the storefront script. */
export const popupTriggers = ["immediate", "after-5s", "scroll-50", "exit-intent"] as const;
export const popupAnimations = ["slide-in", "fade-in", "zoom-in", "bounce-in"] as const;
export const cartValidationTypes = ["none", "minimum", "maximum", "below_threshold"] as const;
export const popupWidths = ["sm", "md", "lg", "xl"] as const;

export type PopupFields = {
  email: true;
  name: boolean;
  phone: boolean;
  company: boolean;
  address: boolean;
  street: boolean;
  city: boolean;
  state: boolean;
  zipCode: boolean;
  country: boolean;
};

export type EmailValidation = {
  companyEmailsOnly: boolean;
  allowedDomains: string[];
  blockedDomains: string[];
};

export type CartValidation = {
  enabled: boolean;
  validationType: (typeof cartValidationTypes)[number];
  minimumAmount: number;
  maximumAmount: number;
  belowThreshold: number;
};

export type PopupLayout = {
  width: (typeof popupWidths)[number];
  maxHeightVh: number;
  showSocialIcons: boolean;
};

export const defaultPopupFields: PopupFields = {
  email: true,
  name: false,
  phone: false,
  company: false,
  address: false,
  street: false,
  city: false,
  state: false,
  zipCode: false,
  country: false,
};

export const defaultEmailValidation: EmailValidation = {
  companyEmailsOnly: true,
  allowedDomains: [],
  blockedDomains: ["gmail", "yahoo", "hotmail", "outlook"],
};

export const defaultCartValidation: CartValidation = {
  enabled: false,
  validationType: "none",
  minimumAmount: 0,
  maximumAmount: 1000,
  belowThreshold: 100,
};

export const defaultPopupLayout: PopupLayout = { width: "lg", maxHeightVh: 70, showSocialIcons: true };

/**
 * Stands for the popup's discount percentage in its title and subtitle and in the welcome email, so the
 * texts follow the offer when it changes ("[DISCOUNT_PERCENT]%" reads "10%" at 10 %).
 */
export const DISCOUNT_PERCENT_PLACEHOLDER = "[DISCOUNT_PERCENT]";
const DISCOUNT_PERCENT = /\[\s*discount_percent\s*\]/gi;

/** `text` with each [DISCOUNT_PERCENT] replaced by the percentage (a whole number, safe in HTML). */
export function fillDiscountPercent(text: string, percentage: number): string {
  const figure = String(Math.trunc(Number(percentage) || 0));
  return text.replace(DISCOUNT_PERCENT, () => figure);
}

export const defaultPopupTitle = "LOOKING FOR EXCLUSIVE OFFERS?";
export const defaultPopupSubtitle =
  "Sign up with your business email and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.";

export const socialNetworks = [
  "linkedin",
  "twitter",
  "youtube",
  "instagram",
  "facebook",
  "reddit",
  "quora",
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/** The optional fields the popup can ask for, in display order (email is always first and required). */
export const optionalFieldNames = [
  "name",
  "phone",
  "company",
  "address",
  "street",
  "city",
  "state",
  "zipCode",
  "country",
] as const;
export type OptionalField = (typeof optionalFieldNames)[number];

/** What GET /api/public/stores/:storeId/popup returns: only what the storefront needs. */
export type PublicPopupConfig = {
  storeId: string;
  title: string;
  subtitle: string;
  buttonText: string;
  fields: PopupFields;
  emailValidation: EmailValidation;
  cartValidation: CartValidation;
  discountPercentage: number;
  displayTrigger: (typeof popupTriggers)[number];
  animation: (typeof popupAnimations)[number];
  layout: PopupLayout;
  showExitIntentIfNotSubscribed: boolean;
  suppressAfterSubscription: boolean;
  /** Only the networks with a link. */
  socialLinks: Partial<Record<SocialNetwork, string>>;
};

/** The body of POST /api/public/stores/:storeId/subscribe. `website` is the honeypot: people leave it empty. */
export type SubscribeRequest = {
  email: string;
  pageUrl?: string;
  sessionId?: string;
  website?: string;
} & Partial<Record<OptionalField, string>>;

/**
 * The popup with its shared discount code: what the server and the builder's preview see. The code is
 * never in the public config; a shopper gets it only from an accepted, confirmed subscription.
 */
export type PopupWithCode = PublicPopupConfig & { discountCode: string };

/**
 * 200 → { message, discountCode } when the subscription is accepted and needs no confirmation, else
 * { message } alone (check the inbox); 422 → { message, errors: { field: message } }.
 */
export type SubscribeResponse = { message: string; discountCode?: string };

/** The messages of a 200 answer, which the popup shows; only `welcome` comes with the code. */
export const SUBSCRIBE_ANSWERS = {
  welcome: "Thank you for subscribing!",
  confirm: "Please check your inbox and confirm your subscription. Your discount code follows by email.",
  sentToInbox: "Your discount code has been sent to your inbox.",
} as const;
