import {
  businessEmailValidation,
  businessPopupSubtitle,
  defaultEmailValidation,
  defaultPopupSubtitle,
  type EmailValidation,
} from "../../popup/config";

/** Who a site sells to, asked when it is added: it decides which addresses its first popup accepts. */
export const shopAudiences = ["consumers", "businesses"] as const;
export type ShopAudience = (typeof shopAudiences)[number];

/**
 * Every site sells to consumers unless the merchant says businesses: SPEC's company-addresses-only popup
 * refuses Gmail, Yahoo, Hotmail and Outlook, that is most shoppers, so it is chosen, never assumed.
 */
export const DEFAULT_AUDIENCE: ShopAudience = "consumers";

/** The first popup's address rule and the subtitle that speaks of it. */
export function firstPopupFor(audience: ShopAudience): {
  emailValidation: EmailValidation;
  subtitle: string;
} {
  return audience === "businesses"
    ? { emailValidation: businessEmailValidation, subtitle: businessPopupSubtitle }
    : { emailValidation: defaultEmailValidation, subtitle: defaultPopupSubtitle };
}
