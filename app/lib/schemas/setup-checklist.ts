/**
 * The dashboard's setup checklist for one store (docs/decisions/166): what stands between the merchant and
 * their first subscriber, each step done or not, with what the screen needs to offer the way to do it.
 */
export type SetupChecklist = {
  /**
   * How the popup reaches the storefront. A Shopify store served by the Shopify app: its theme app embed,
   * done once a storefront page loaded the popup through it (`seenAt`). Any other site: the script,
   * done once the installation check found it.
   */
  install:
    | {
        kind: "app-embed";
        done: boolean;
        seenAt: string | null;
        /** The server's time of this answer: "seen … ago" is counted from it. */
        checkedAt: string;
        /** The theme editor's deep link that switches the embed on. */
        editorUrl: string | null;
      }
    | { kind: "script"; done: boolean };
  /** At least one popup is switched on. */
  popupLive: boolean;
  /** Welcome emails have a sender: the store's SMTP settings, or Shopify's automation (consent sync). */
  email: { done: boolean; by: "smtp" | "shopify" | null };
  /**
   * The email footer has a postal address: welcome emails (they carry the offer) and campaigns wait for it,
   * as anti-spam laws ask for one in every marketing email.
   */
  postalAddress: boolean;
  firstSubscriber: boolean;
  /** Where to try the popup: the shop's storefront, or the site's address; null when unknown. */
  storefrontUrl: string | null;
  /** Every step is done: the checklist may be dismissed. */
  complete: boolean;
};
