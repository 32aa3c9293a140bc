import {
  defaultCartValidation,
  defaultConsentText,
  defaultEmailValidation,
  defaultPopupDesign,
  defaultPopupFields,
  defaultPopupLayout,
  type PopupDesign,
  type PopupLayout,
  type PopupWithCode,
  type PublicPopupConfig,
} from "../../popup/config";
import { defaultPrizeWheel, type PrizeWheel } from "../../popup/prize-wheel";
import { defaultPopupSteps, type PopupSteps } from "../../popup/steps";
import { defaultPopupLanguages } from "../../popup/texts";
import { type PopupStore, toPublicConfig } from "./public-popup-config";

/**
 * A starting point for a new popup (docs/decisions/185): the fields it sets, every one a field POST
 * /api/stores/:storeId/popups takes (the rest are the defaults). The create-popup modal sends them with the
 * merchant's name for the popup. Texts name the offer with [OFFER], so they follow it (docs/decisions/210).
 */
export type PopupTemplateFields = Pick<
  PublicPopupConfig,
  "title" | "subtitle" | "buttonText" | "discountPercentage" | "displayTrigger" | "animation" | "steps"
> & {
  layout: Partial<PopupLayout>;
  design: Partial<Omit<PopupDesign, "imageId" | "teaser">>;
  /** The prize wheel template's slices (popup/prize-wheel.ts). */
  wheel?: PrizeWheel;
};

export type PopupTemplate = { id: string; name: string; description: string; popup: PopupTemplateFields };

/** The prize wheel template's own fields: the default wheel's slices, weights and offers. */
export const PRIZE_WHEEL_TEMPLATE_FIELDS = { wheel: defaultPrizeWheel };

const steps = (changes: {
  opener?: Partial<PopupSteps["opener"]>;
  extraFields?: Partial<PopupSteps["extraFields"]>;
}) => ({
  opener: { ...defaultPopupSteps.opener, ...changes.opener },
  extraFields: { ...defaultPopupSteps.extraFields, ...changes.extraFields },
});

export const POPUP_TEMPLATES: PopupTemplate[] = [
  {
    id: "discount-modal",
    name: "Discount modal",
    description: "A centred popup with a clear offer: the classic welcome discount.",
    popup: {
      title: "Unlock [OFFER]",
      subtitle: "Join our newsletter and get <strong>[OFFER]</strong> on your first order.",
      buttonText: "GET MY CODE",
      discountPercentage: 10,
      displayTrigger: "after-5s",
      animation: "zoom-in",
      layout: { width: "md" },
      design: {
        backgroundColor: "#fff7ed",
        textColor: "#1c1917",
        buttonColor: "#c2410c",
        buttonTextColor: "#ffffff",
        overlayColor: "#1c1917",
        overlayOpacity: 60,
        cornerRadius: 20,
        position: "center",
      },
      steps: steps({}),
    },
  },
  {
    id: "corner-slide-in",
    name: "Corner slide-in",
    description: "Slides in at the corner and leaves the page usable: gentle on first visits.",
    popup: {
      title: "Stay in the loop",
      subtitle: "New arrivals and <strong>[OFFER]</strong> on your first order.",
      buttonText: "SUBSCRIBE",
      discountPercentage: 10,
      displayTrigger: "scroll-50",
      animation: "slide-in",
      layout: { width: "sm" },
      design: {
        backgroundColor: "#ffffff",
        textColor: "#0f172a",
        buttonColor: "#0f766e",
        buttonTextColor: "#ffffff",
        cornerRadius: 12,
        position: "corner",
      },
      steps: steps({}),
    },
  },
  {
    id: "bottom-bar",
    name: "Bottom bar",
    description: "A slim bar along the bottom of the screen, out of the shopper's way.",
    popup: {
      title: "Get [OFFER] on your first order",
      subtitle: "Sign up for our newsletter: one email a week, no spam.",
      buttonText: "SIGN UP",
      discountPercentage: 10,
      displayTrigger: "immediate",
      animation: "slide-in",
      layout: { width: "xl" },
      design: {
        backgroundColor: "#111827",
        textColor: "#f9fafb",
        buttonColor: "#facc15",
        buttonTextColor: "#111827",
        cornerRadius: 8,
        position: "bottom-bar",
      },
      steps: steps({}),
    },
  },
  {
    id: "prize-wheel",
    name: "Prize wheel",
    description: "Shoppers spin a wheel for a prize: the prize is drawn on the server when they subscribe.",
    popup: {
      title: "Spin to win",
      subtitle: "Enter your email for a spin: every shopper can win up to <strong>[OFFER]</strong>.",
      buttonText: "SPIN THE WHEEL",
      discountPercentage: 20,
      displayTrigger: "after-5s",
      animation: "bounce-in",
      layout: { width: "md" },
      design: {
        backgroundColor: "#312e81",
        textColor: "#ffffff",
        buttonColor: "#f472b6",
        buttonTextColor: "#1e1b4b",
        overlayColor: "#1e1b4b",
        overlayOpacity: 65,
        cornerRadius: 24,
        position: "center",
      },
      steps: steps({}),
      ...PRIZE_WHEEL_TEMPLATE_FIELDS,
    },
  },
  {
    id: "two-step-opener",
    name: "Two steps with an opener",
    description: "Asks a yes/no question first, then the email, then the shopper's first name.",
    popup: {
      title: "Here is your [OFFER]",
      subtitle: "Where should we send your code?",
      buttonText: "SEND MY CODE",
      discountPercentage: 10,
      displayTrigger: "after-5s",
      animation: "fade-in",
      layout: { width: "md" },
      design: {
        backgroundColor: "#ffffff",
        textColor: "#111827",
        buttonColor: "#4f46e5",
        buttonTextColor: "#ffffff",
        cornerRadius: 16,
        position: "center",
      },
      steps: steps({
        opener: { enabled: true },
        extraFields: {
          enabled: true,
          title: "What should we call you?",
          fields: { firstName: true, birthday: false, phone: false },
        },
      }),
    },
  },
  {
    id: "birthday-club",
    name: "Birthday club",
    description: "Collects the shopper's birthday (day and month) for a treat every year.",
    popup: {
      title: "Join the birthday club",
      subtitle: "Subscribe for <strong>[OFFER]</strong> now and a surprise on your birthday.",
      buttonText: "JOIN THE CLUB",
      discountPercentage: 15,
      displayTrigger: "after-5s",
      animation: "slide-in",
      layout: { width: "md" },
      design: {
        backgroundColor: "#fdf2f8",
        textColor: "#500724",
        buttonColor: "#db2777",
        buttonTextColor: "#ffffff",
        overlayColor: "#500724",
        overlayOpacity: 50,
        cornerRadius: 20,
        position: "center",
      },
      steps: steps({
        extraFields: {
          enabled: true,
          title: "When is your birthday?",
          fields: { firstName: true, birthday: true, phone: false },
          buttonText: "Add my birthday",
        },
      }),
    },
  },
];

/** The popup a template starts, as the builder's preview shows it (the storefront's own render). */
export function templatePreviewConfig(template: PopupTemplate, store: PopupStore): PopupWithCode {
  const { popup } = template;
  return {
    ...toPublicConfig(
      {
        storeId: "",
        id: template.id,
        ...popup,
        consentText: defaultConsentText,
        fields: defaultPopupFields,
        emailValidation: defaultEmailValidation,
        cartValidation: defaultCartValidation,
        layout: { ...defaultPopupLayout, ...popup.layout },
        design: { ...defaultPopupDesign, ...popup.design },
        showExitIntentIfNotSubscribed: false,
        suppressAfterSubscription: true,
        languages: defaultPopupLanguages,
        offerKind: "percentage",
        discountAmount: 10,
        minimumSubtotal: null,
        wheel: popup.wheel ?? null,
      },
      store,
    ),
    discountCode: "WELCOME10",
  };
}
