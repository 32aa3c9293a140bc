import { defaultEmailValidation, type EmailValidation } from "../../popup/config";

/** Who a site sells to, asked when it is added: it decides which addresses its first popup accepts. */
export const shopAudiences = ["consumers", "businesses"] as const;
export type ShopAudience = (typeof shopAudiences)[number];

/**
 * SPEC's default popup takes company addresses only (Gmail, Yahoo, Hotmail and Outlook refused), which suits
 * business leads and refuses most shoppers: a site selling to consumers accepts every address.
 */
export function emailValidationFor(audience: ShopAudience): EmailValidation {
  if (audience === "businesses") return defaultEmailValidation;
  return { companyEmailsOnly: false, allowedDomains: [], blockedDomains: [] };
}

/** A Shopify store sells to shoppers unless told otherwise; any other site keeps SPEC's business default. */
export function defaultAudience(integrationType: string): ShopAudience {
  return integrationType === "shopify" ? "consumers" : "businesses";
}
