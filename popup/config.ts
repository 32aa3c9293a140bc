import type { OfferWords } from "./offer";
import type { DrawnSlice, PublicWheel } from "./prize-wheel";
import type { PopupSteps } from "./steps";
import type { PopupLanguage, PopupTexts } from "./texts";

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

/** The free-mail providers a popup refusing consumer addresses blocks (SPEC §5). */
const FREE_MAIL_PROVIDERS = ["gmail", "yahoo", "hotmail", "outlook"];

/**
 * A popup accepts every address unless the merchant chose business addresses only: a shop's visitors mostly
 * write from Gmail, Yahoo, Outlook or Hotmail. The blocked list is kept ready, so that ticking "Company emails
 * only" refuses those providers at once.
 */
export const defaultEmailValidation: EmailValidation = {
  companyEmailsOnly: false,
  allowedDomains: [],
  blockedDomains: FREE_MAIL_PROVIDERS,
};

/** SPEC §5's rule, for a merchant who collects business leads: company addresses only. */
export const businessEmailValidation: EmailValidation = {
  ...defaultEmailValidation,
  companyEmailsOnly: true,
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
  "Sign up and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.";
/** SPEC's subtitle, which asks for a business address: the default of a popup taking company addresses only. */
export const businessPopupSubtitle =
  "Sign up with your business email and receive a one-time <strong>[DISCOUNT_PERCENT]% discount code</strong>.";

/**
 * The subtitle as the popup's address rule has it: a built-in subtitle follows the rule (one that asks for a
 * business email while every address is accepted would turn shoppers away); the merchant's own is kept.
 */
export function subtitleForRule(subtitle: string, companyEmailsOnly: boolean): string {
  if (subtitle !== defaultPopupSubtitle && subtitle !== businessPopupSubtitle) return subtitle;
  return companyEmailsOnly ? businessPopupSubtitle : defaultPopupSubtitle;
}

/**
 * The consent sentence shown under the submit button, before the visitor subscribes. [STORE_NAME] stands for
 * the store's name; a link to the store's privacy policy follows it (docs/decisions/152).
 */
export const STORE_NAME_PLACEHOLDER = "[STORE_NAME]";
export const defaultConsentText =
  "By signing up you agree to receive marketing emails from [STORE_NAME]. You can unsubscribe at any time.";
/** The privacy policy link's words, after the consent sentence. */
export const PRIVACY_POLICY_LINK = "Privacy policy";

/** `text` with each [STORE_NAME] replaced by the store's name (plain text: the popup escapes it). */
export function fillStoreName(text: string, storeName: string): string {
  return text.split(STORE_NAME_PLACEHOLDER).join(storeName);
}

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

export const popupPositions = ["center", "corner", "bottom-bar"] as const;
export const popupFonts = ["theme", "system"] as const;
export const popupAudiences = ["all", "new", "returning"] as const;
/** A store has at most this many popups, a popup 1–4 variants. */
export const MAX_POPUPS_PER_STORE = 20;
export const MAX_VARIANTS = 4;

/** How a popup looks. Colours are #rrggbb; the overlay's opacity is a percentage. */
export type PopupDesign = {
  backgroundColor: string;
  textColor: string;
  buttonColor: string;
  buttonTextColor: string;
  overlayColor: string;
  overlayOpacity: number;
  /** Corner radius in px (0–40). */
  cornerRadius: number;
  /** "theme": the page's own font; "system": the system UI stack. */
  font: (typeof popupFonts)[number];
  /** An uploaded image (GET /api/public/images/:imageId), or none. */
  imageId: string | null;
  position: (typeof popupPositions)[number];
  /** A small tab left on the page after a dismissal that reopens the popup. */
  teaser: { enabled: boolean; text: string };
};

export const defaultPopupDesign: PopupDesign = {
  backgroundColor: "#ffffff",
  textColor: "#111827",
  buttonColor: "#111827",
  buttonTextColor: "#ffffff",
  overlayColor: "#111827",
  overlayOpacity: 55,
  cornerRadius: 16,
  font: "system",
  imageId: null,
  position: "center",
  teaser: { enabled: false, text: "Get your discount" },
};

/**
 * Who sees a popup, where and when; evaluated by the storefront script with no extra request.
 * Page patterns are URL paths where `*` stands for any characters (`/products/*`, `/checkout*`); an empty
 * `include` means every page. `sources` match the visit's utm_source or the referrer's host; empty: any.
 * `startsAt`/`endsAt` are ISO instants or null.
 */
export type PopupTargeting = {
  pages: { include: string[]; exclude: string[] };
  devices: { desktop: boolean; mobile: boolean };
  visitors: (typeof popupAudiences)[number];
  sources: string[];
  startsAt: string | null;
  endsAt: string | null;
};

export const defaultPopupTargeting: PopupTargeting = {
  pages: { include: [], exclude: [] },
  devices: { desktop: true, mobile: true },
  visitors: "all",
  sources: [],
  startsAt: null,
  endsAt: null,
};

/** What a variant changes; anything left out is the popup's own. */
export type VariantOverrides = {
  title?: string;
  subtitle?: string;
  buttonText?: string;
  /** Plain text, [STORE_NAME] filled in by the server. */
  consentText?: string;
  design?: Partial<Omit<PopupDesign, "teaser">>;
  /** The variant's own steps, in place of the popup's (popup/steps.ts). */
  steps?: PopupSteps;
};

/** An A/B variant: the first of a popup's variants is the control. `weight` is its share of traffic. */
export type PopupVariant = { id: string; name: string; weight: number; overrides: VariantOverrides };

export const CONTROL_VARIANT_ID = "control";
export const defaultPopupVariants: PopupVariant[] = [
  { id: CONTROL_VARIANT_ID, name: "A", weight: 100, overrides: {} },
];

/** What GET /api/public/stores/:storeId/popup returns: only what the storefront needs. */
export type PublicPopupConfig = {
  storeId: string;
  /** The popup's id (a store may have several). */
  id: string;
  title: string;
  subtitle: string;
  buttonText: string;
  /** The consent sentence as shown (plain text, the store's name filled in). */
  consentText: string;
  /** Linked after it: the store's setting, a Shopify shop's own policy page, or none. */
  privacyPolicyUrl: string | null;
  fields: PopupFields;
  emailValidation: EmailValidation;
  cartValidation: CartValidation;
  discountPercentage: number;
  /** The offer's words (popup/offer.ts): the texts' [OFFER], the success view's sentence. */
  offer: OfferWords;
  /** A Shopify store's popup: the success view links the code's auto-apply URL on the storefront. */
  autoApply: boolean;
  /** A prize wheel's slice labels and colours (never weights, prizes or codes), or null. */
  wheel: PublicWheel | null;
  displayTrigger: (typeof popupTriggers)[number];
  animation: (typeof popupAnimations)[number];
  layout: PopupLayout;
  showExitIntentIfNotSubscribed: boolean;
  suppressAfterSubscription: boolean;
  /** Only the networks with a link. */
  socialLinks: Partial<Record<SocialNetwork, string>>;
  /** The image as a URL path on the app (`imageId` is not sent). */
  design: Omit<PopupDesign, "imageId"> & { imageUrl: string | null };
  /** Its languages, the default first, each with its texts as shown (docs/decisions/184). */
  languages: PopupLanguage[];
  /** The texts of the language the storefront chose (popup/languages.ts); absent: English's built in. */
  texts?: PopupTexts;
  /** Opener, email, extra fields, success (popup/steps.ts); texts plain, [STORE_NAME] filled in. */
  steps: PopupSteps;
};

/** A variant as the storefront sees it: its id, weight and the content and design it changes. */
export type PublicVariant = { id: string; weight: number } & Omit<VariantOverrides, "design"> & {
    design?: Partial<PublicPopupConfig["design"]>;
  };

/** One active popup of GET /api/public/stores/:storeId/popups, with its rules and variants. */
export type PublicPopup = PublicPopupConfig & {
  priority: number;
  targeting: PopupTargeting;
  variants: PublicVariant[];
};

/** GET /api/public/stores/:storeId/popups: the store's active popups, highest priority (1) first. */
export type PublicPopups = { storeId: string; popups: PublicPopup[] };

/** The body of POST /api/public/stores/:storeId/subscribe. `website` is the honeypot: people leave it empty. */
export type SubscribeRequest = {
  email: string;
  /** The popup and variant the visitor saw (absent: the store's first popup). */
  popupId?: string;
  variantId?: string;
  pageUrl?: string;
  sessionId?: string;
  website?: string;
  /** The bot check's answer: "<challenge>.<number>" (GET …/challenge). */
  proof?: string;
  /** The impression's answer (variant-views.server.ts): the subscription counts for its variant with it. */
  viewToken?: string;
  /** The language the popup showed in (one of its languages' codes). */
  language?: string;
  /** The demo page's preview token (app/services/popups/preview-token.server.ts): answered, never stored. */
  preview?: string;
} & Partial<Record<OptionalField, string>>;

/** GET …/challenge: the bot check the popup solves while the visitor types (app/services/subscribers/bot-check.server.ts). */
export type BotChallenge = { challenge: string; limit: number };

/**
 * The popup with its shared discount code: what the server and the builder's preview see. The code is
 * never in the public config; a shopper gets it only from an accepted, confirmed subscription.
 */
export type PopupWithCode = PublicPopupConfig & { discountCode: string };

/**
 * 200 → { message, discountCode } when the subscription is accepted and needs no confirmation, else
 * { message } alone (check the inbox); with a prize wheel, `wheel` names the slice drawn; 422 → { message, errors: { field: message } }.
 */
export type SubscribeResponse = {
  message: string;
  discountCode?: string;
  /** With the code: what it asks of an order and how long it works, in the shopper's language. */
  conditions?: string;
  wheel?: DrawnSlice;
  /** For a new subscriber of a popup with an extra-fields step: what lets the popup send them (popup/steps.ts). */
  extraFieldsToken?: string;
};

/** The messages of a 200 answer, which the popup shows; only `welcome` comes with the code. */
export const SUBSCRIBE_ANSWERS = {
  welcome: "Thank you for subscribing!",
  confirm: "Please check your inbox and confirm your subscription. Your discount code follows by email.",
  sentToInbox: "Your discount code has been sent to your inbox.",
} as const;
