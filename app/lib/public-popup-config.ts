import {
  fillStoreName,
  type PopupDesign,
  type PopupVariant,
  type PublicPopupConfig,
  type PublicVariant,
  type SocialNetwork,
} from "../../popup/config";
import { fillOffer, type OfferColumns, offerOfColumns } from "../../popup/offer";
import { type PrizeWheel, toPublicWheel } from "../../popup/prize-wheel";
import { sanitizeInlineHtml } from "../../popup/sanitize";
import type { PopupSteps } from "../../popup/steps";
import { offerWords } from "./languages/offer-words";
import { toPublicLanguages } from "./languages/public-languages";

type PopupSource = Omit<
  PublicPopupConfig,
  "socialLinks" | "design" | "privacyPolicyUrl" | "offer" | "autoApply" | "wheel" | "texts"
> &
  OfferColumns & { design: PopupDesign; wheel: PrizeWheel | null };

/** What a popup shows of its store: the social links, the name in its consent sentence, the privacy policy. */
export type PopupStore = {
  socialLinks: Record<string, string>;
  name: string;
  /** The link after the consent sentence (app/lib/privacy-policy.ts), or none. */
  privacyPolicyUrl: string | null;
  /** ISO 4217, for the offer's words. */
  currency: string;
  /** A Shopify store: codes apply themselves through the shop's /discount/CODE link. */
  isShopify: boolean;
};

/** Where the storefront loads an uploaded popup image (served with a long cache; ids never change). */
export const popupImagePath = (imageId: string) => `/api/public/images/${imageId}`;

/** A design as the storefront sees it: the image as a URL path instead of its id. */
export function toPublicDesign<T extends Partial<PopupDesign>>(
  design: T,
): Omit<T, "imageId"> & { imageUrl?: string | null } {
  const { imageId, ...rest } = design;
  return imageId === undefined ? rest : { ...rest, imageUrl: imageId ? popupImagePath(imageId) : null };
}

/** Steps as the storefront sees them: the store's name in the phone's consent line. */
const toPublicSteps = (steps: PopupSteps, storeName: string): PopupSteps => ({
  ...steps,
  extraFields: {
    ...steps.extraFields,
    phoneConsentText: fillStoreName(steps.extraFields.phoneConsentText, storeName),
  },
});

const imageOf = ({ imageId }: PopupDesign) => (imageId ? popupImagePath(imageId) : null);

/**
 * A variant as the storefront sees it: its id, weight and what it changes, its inline HTML sanitized like the
 * popup's own, the store's name in its consent sentence.
 */
export function toPublicVariant({ id, weight, overrides }: PopupVariant, storeName: string): PublicVariant {
  const { design, title, subtitle, consentText, steps, ...content } = overrides;
  return {
    id,
    weight,
    ...content,
    ...(title === undefined ? {} : { title: sanitizeInlineHtml(title) }),
    ...(subtitle === undefined ? {} : { subtitle: sanitizeInlineHtml(subtitle) }),
    ...(consentText === undefined ? {} : { consentText: fillStoreName(consentText, storeName) }),
    ...(design ? { design: toPublicDesign(design) } : {}),
    ...(steps ? { steps: toPublicSteps(steps, storeName) } : {}),
  };
}

/**
 * The storefront's view of a popup: only what the script needs, and only the social links that are set.
 * The inline HTML is sanitized here, on every answer, whatever was stored: the storefront renders it as is.
 */
export function toPublicConfig(popup: PopupSource, store: PopupStore): PublicPopupConfig {
  const offer = offerOfColumns(popup);
  const links = Object.fromEntries(Object.entries(store.socialLinks).filter(([, url]) => url)) as Partial<
    Record<SocialNetwork, string>
  >;
  // In the default language's words: each other language's come filled into its texts.
  const words = offerWords(offer, store.currency, popup.languages[0]?.code ?? "en");
  // The teaser tab shows its text as is (popup/teaser.ts, in the first file): its offer is filled here.
  const teaser = {
    ...popup.design.teaser,
    text: fillOffer(popup.design.teaser.text, offer.percentage, words),
  };
  return {
    storeId: popup.storeId,
    id: popup.id,
    title: sanitizeInlineHtml(popup.title),
    subtitle: sanitizeInlineHtml(popup.subtitle),
    buttonText: popup.buttonText,
    consentText: fillStoreName(popup.consentText, store.name),
    privacyPolicyUrl: store.privacyPolicyUrl,
    fields: popup.fields,
    emailValidation: popup.emailValidation,
    cartValidation: popup.cartValidation,
    discountPercentage: popup.discountPercentage,
    offer: words,
    autoApply: store.isShopify,
    wheel: popup.wheel && toPublicWheel(popup.wheel),
    displayTrigger: popup.displayTrigger,
    animation: popup.animation,
    layout: popup.layout,
    showExitIntentIfNotSubscribed: popup.showExitIntentIfNotSubscribed,
    suppressAfterSubscription: popup.suppressAfterSubscription,
    socialLinks: links,
    design: { ...toPublicDesign(popup.design), imageUrl: imageOf(popup.design), teaser },
    languages: toPublicLanguages(popup.languages, store.name, { offer, currency: store.currency }),
    steps: toPublicSteps(popup.steps, store.name),
  };
}
