/**
 * Subscribers' emails held because the store's email (SMTP) is not set up, or, for a welcome email, because
 * the store has no postal address (app/services/email/held.server.ts): what the dashboard, Settings and the
 * subscriber detail say about them.
 */

/** Why a held email did not go, as the subscriber detail shows it ("Welcome email not sent: …"). */
export const EMAIL_NOT_SET_UP = "email not set up";
/**
 * A welcome email carries the store's offer: a marketing email, which anti-spam laws (CAN-SPAM and others)
 * want to show a postal address, as a campaign must (campaign-sending.ts).
 */
export const NO_POSTAL_ADDRESS = "no postal address";

/** Whether the store's email footer has a postal address (email_templates.company_address). */
export const hasPostalAddress = (companyAddress: string) => companyAddress.trim() !== "";

/** Why a store's welcome email is held, or null when it can go: email not set up first, then the address. */
export function welcomeHoldReason(store: {
  emailConfigured: boolean;
  companyAddress: string;
}): string | null {
  if (!store.emailConfigured) return EMAIL_NOT_SET_UP;
  return hasPostalAddress(store.companyAddress) ? null : NO_POSTAL_ADDRESS;
}

/** The store's held emails that would still go, and since when the oldest has waited. */
export type HeldEmails = {
  welcome: number;
  confirmation: number;
  /** ISO time the oldest held email was written; null when none is held. */
  oldestAt: string | null;
  /** The store's SMTP settings are saved: the held emails can be sent now. */
  emailConfigured: boolean;
  /** The store's email footer has a postal address: the held welcome emails can be sent once email is set up. */
  postalAddressSet: boolean;
  /** The server's time of this answer: "waiting since … ago" is counted from it. */
  checkedAt: string;
};

/** Held this long, a subscriber may no longer remember signing up: the merchant is told before sending. */
export const OLD_HELD_EMAIL_MS = 30 * 24 * 60 * 60 * 1000;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 welcome emails", "1 welcome email and 2 confirmation requests". */
export function describeHeld(held: Pick<HeldEmails, "welcome" | "confirmation">): string {
  const parts = [
    held.welcome > 0 ? plural(held.welcome, "welcome email", "welcome emails") : null,
    held.confirmation > 0 ? plural(held.confirmation, "confirmation request", "confirmation requests") : null,
  ].filter(Boolean);
  return parts.join(" and ");
}

/** The button's label: "Send 3 pending welcome emails", or "Send 4 pending emails" when kinds are mixed. */
export function sendHeldLabel(held: Pick<HeldEmails, "welcome" | "confirmation">): string {
  const total = held.welcome + held.confirmation;
  if (held.confirmation === 0)
    return `Send ${plural(total, "pending welcome email", "pending welcome emails")}`;
  if (held.welcome === 0)
    return `Send ${plural(total, "pending confirmation request", "pending confirmation requests")}`;
  return `Send ${plural(total, "pending email", "pending emails")}`;
}
