import type { PublicPopupConfig, SocialNetwork } from "../../popup/config";

type PopupSource = Omit<PublicPopupConfig, "socialLinks">;

/** The storefront's view of a popup: only what the script needs, and only the social links that are set. */
export function toPublicConfig(popup: PopupSource, socialLinks: Record<string, string>): PublicPopupConfig {
  const links = Object.fromEntries(Object.entries(socialLinks).filter(([, url]) => url)) as Partial<
    Record<SocialNetwork, string>
  >;
  return {
    storeId: popup.storeId,
    title: popup.title,
    subtitle: popup.subtitle,
    buttonText: popup.buttonText,
    fields: popup.fields,
    emailValidation: popup.emailValidation,
    cartValidation: popup.cartValidation,
    discountPercentage: popup.discountPercentage,
    displayTrigger: popup.displayTrigger,
    animation: popup.animation,
    layout: popup.layout,
    showExitIntentIfNotSubscribed: popup.showExitIntentIfNotSubscribed,
    suppressAfterSubscription: popup.suppressAfterSubscription,
    socialLinks: links,
  };
}
