import type { EmailValidation, OptionalField, PopupFields } from "./config";

/** SPEC §5 popup subscriber form messages; the browser and the server use these exact strings. */
export const POPUP_MESSAGES = {
  emailRequired: "Email address is required",
  emailInvalid: "Please enter a valid email address",
  temporaryEmail: "Temporary email addresses are not allowed. Please use your permanent email.",
  companyEmail: "Please use your company email address.",
  approvedDomain: "Please use an approved company email domain.",
  nameRequired: "Name is required",
} as const;

/** SPEC §5: a fixed list of 12 temporary-mail domains. */
export const TEMPORARY_EMAIL_DOMAINS = [
  "mailinator.com",
  "guerrillamail.com",
  "10minutemail.com",
  "tempmail.com",
  "temp-mail.org",
  "yopmail.com",
  "throwawaymail.com",
  "trashmail.com",
  "sharklasers.com",
  "getnada.com",
  "dispostable.com",
  "maildrop.cc",
];

/**
 * One plain address and nothing else: at most 254 characters, a dot-atom local part of at most 64 (no
 * quotes, comments or display names) at an ASCII host name with a letter TLD. No list separator, angle
 * bracket, whitespace or trailing dot can pass, so the domain the rules below check is the only domain
 * mail can go to. Also refused: `%` and `!`, which old relays read as a route to another domain, and
 * punycode labels (xn--), which spell internationalised lookalikes of blocked domains.
 */
const EMAIL_PATTERN =
  /^(?=.{1,254}$)(?=[^@]{1,64}@)[\w#$&'*+/=?^`{|}~-]+(?:\.[\w#$&'*+/=?^`{|}~-]+)*@(?:(?!xn--)[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i;
/** Field lengths the storage accepts; longer input is cut, never stored whole. */
export const MAX_EMAIL_LENGTH = 254;
export const MAX_FIELD_LENGTH = 200;

/** The address as it is stored and mailed: trimmed, its domain in lower case (the local part is kept). */
export function normalizeEmail(raw: string): string {
  const email = raw.trim();
  const at = email.lastIndexOf("@");
  return at < 0 ? email : email.slice(0, at + 1) + email.slice(at + 1).toLowerCase();
}

/**
 * Whether a domain matches a list entry. A domain ("acme.com") matches itself and its subdomains
 * (mail.acme.com), never a look-alike (notacme.com, acme.com.evil.io). A bare name ("gmail") matches every
 * domain with that whole label anywhere: gmail.com, mail.gmail.com, gmail.co.uk, but not mygmail.com.
 */
export function domainMatches(domain: string, entry: string): boolean {
  const wanted = entry.trim().toLowerCase().replace(/^@/, "");
  if (!wanted) return false;
  if (!wanted.includes(".")) return domain.split(".").includes(wanted);
  return domain === wanted || domain.endsWith(`.${wanted}`);
}

export function validateEmail(raw: string, rules: EmailValidation): string | null {
  const email = raw.trim();
  if (!email) return POPUP_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(email)) return POPUP_MESSAGES.emailInvalid;
  // The rules read the domain as normalizeEmail stores it.
  const domain = email.slice(email.indexOf("@") + 1).toLowerCase();
  if (TEMPORARY_EMAIL_DOMAINS.some((entry) => domainMatches(domain, entry)))
    return POPUP_MESSAGES.temporaryEmail;
  if (rules.companyEmailsOnly) {
    if (rules.blockedDomains.some((entry) => domainMatches(domain, entry)))
      return POPUP_MESSAGES.companyEmail;
    const allowed = rules.allowedDomains.filter((entry) => entry.trim());
    if (allowed.length > 0 && !allowed.some((entry) => domainMatches(domain, entry)))
      return POPUP_MESSAGES.approvedDomain;
  }
  return null;
}

export type SubscriberValues = { email: string } & Partial<Record<OptionalField, string>>;

/** Every field's first problem, keyed by field name; empty when the form may be sent. */
export function validateSubscriber(
  values: SubscriberValues,
  fields: PopupFields,
  rules: EmailValidation,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const emailError = validateEmail(values.email ?? "", rules);
  if (emailError) errors.email = emailError;
  if (fields.name && !values.name?.trim()) errors.name = POPUP_MESSAGES.nameRequired;
  return errors;
}

/** SPEC §5 builder input: comma-separated domains, trimmed, empties dropped. */
export function parseDomainList(value: string): string[] {
  return value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}
