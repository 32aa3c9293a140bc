import { headerKey } from "./meanings";

export const IMPORT_VENDORS = {
  shopify: "Shopify customers export",
  mailchimpSubscribed: "Mailchimp audience export (subscribed)",
  mailchimpUnsubscribed: "Mailchimp audience export (unsubscribed)",
  mailchimpCleaned: "Mailchimp audience export (cleaned)",
  mailchimp: "Mailchimp audience export",
  klaviyo: "Klaviyo profiles export",
  omnisend: "Omnisend contacts export",
  privy: "Privy contacts export",
  generic: "CSV file",
} as const;

export type ImportVendor = keyof typeof IMPORT_VENDORS;

/**
 * Whom the file says it holds as a whole. Mailchimp exports each section of an audience as its own file
 * (`subscribed_…`, `unsubscribed_…`, `cleaned_…` in its ZIP): its subscribed file lists people who subscribed,
 * its unsubscribed and cleaned files people who must not be mailed, whatever the merchant maps. A Mailchimp
 * file of no known section (the three joined) lists subscribers except the rows whose own UNSUB_TIME or
 * CLEAN_TIME is filled in.
 */
export type FileConsent = "subscribed" | "not_subscribed" | undefined;

/** Mailchimp's section as its export names the file: "unsubscribed_members_export_2a9b.csv". */
const MAILCHIMP_SECTION = /^(subscribed|unsubscribed|cleaned)_/i;

/**
 * The export the header looks like, from the columns only its vendor writes; Mailchimp's section from the
 * file's name, or from its columns when it has neither UNSUB_TIME nor CLEAN_TIME (the subscribed file).
 */
export function detectVendor(header: string[], fileName = ""): ImportVendor {
  const keys = new Set(header.map(headerKey));
  const has = (...names: string[]) => names.some((name) => keys.has(name));
  if (has("optin time", "confirm time", "member rating", "leid", "euid")) {
    const section = MAILCHIMP_SECTION.exec(fileName.split(/[\\/]/).pop() ?? "")?.[1]?.toLowerCase();
    if (section === "cleaned") return "mailchimpCleaned";
    if (section === "unsubscribed") return "mailchimpUnsubscribed";
    if (section === "subscribed" || !has("unsub time", "clean time")) return "mailchimpSubscribed";
    return "mailchimp";
  }
  if (has("email marketing consent", "klaviyo id")) return "klaviyo";
  if (has("accepts email marketing", "accepts marketing")) return "shopify";
  if (has("email permission")) return "privy";
  const camelCase = header.some((name) => /^(firstName|lastName|postalCode|countryCode)$/.test(name.trim()));
  if (camelCase && has("status")) return "omnisend";
  return "generic";
}

export function fileConsentOf(vendor: ImportVendor): FileConsent {
  if (vendor === "mailchimpSubscribed" || vendor === "mailchimp") return "subscribed";
  if (vendor === "mailchimpUnsubscribed" || vendor === "mailchimpCleaned") return "not_subscribed";
  return undefined;
}

/** Values that mean "may be mailed": Shopify yes/true, Klaviyo SUBSCRIBED, Omnisend and Privy subscribed… */
const SUBSCRIBED = new Set(["yes", "y", "true", "1", "subscribed", "opted in", "optin", "email", "mailable"]);
/**
 * …those that say the person left, or the address is dead: Klaviyo's, Omnisend's and Privy's unsubscribed,
 * Mailchimp's cleaned, Shopify's REDACTED and INVALID. An opt-out wins over an earlier consent (decision 209).
 */
const OPTED_OUT = new Set([
  "unsubscribed",
  "opted out",
  "cleaned",
  "bounced",
  "suppressed",
  "redacted",
  "invalid",
]);
/** Values the address may be cleaned (bounced) by: it also gets no more email (docs/decisions/173). */
const CLEANED = new Set(["cleaned", "bounced"]);
/**
 * …and those that say only that there is no consent: Shopify's "no" (never agreed, or left: it does not
 * tell), Klaviyo NEVER_SUBSCRIBED, Omnisend nonSubscribed, Shopify PENDING (unconfirmed). No consent is no
 * opt-out: it keeps a new address from being subscribed, and leaves one on the list as it is.
 */
const NOT_SUBSCRIBED = new Set([
  "no",
  "n",
  "false",
  "0",
  "never subscribed",
  "non subscribed",
  "not subscribed",
  "nonsubscribed",
  "pending",
  "non mailable",
  "unset non mailable",
]);

/** What a consent cell says; undefined when the value says nothing we know (it is then not taken as consent). */
export function readConsentValue(
  value: string,
): "subscribed" | "optedOut" | "cleaned" | "notSubscribed" | undefined {
  const key = headerKey(value);
  if (SUBSCRIBED.has(key)) return "subscribed";
  if (CLEANED.has(key)) return "cleaned";
  if (OPTED_OUT.has(key)) return "optedOut";
  if (NOT_SUBSCRIBED.has(key)) return "notSubscribed";
  return undefined;
}

const WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?)?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?\s?(Z|[+-]\d{2}:?\d{2}|UTC)$/i;

/**
 * A time as the exports write them: "2024-03-05 14:22:11" (Mailchimp, in UTC), ISO 8601 with or without a
 * zone (Klaviyo, Omnisend), or Unix seconds. A time without a zone is UTC; day-first or month-first dates
 * are ambiguous and not read. A time in the future is not evidence of anything.
 */
export function readTimestamp(value: string, now = new Date()): Date | undefined {
  const text = value.trim();
  let time: number;
  if (/^\d{9,11}$/.test(text)) time = Number(text) * 1000;
  else if (WITHOUT_ZONE.test(text))
    time = Date.parse(`${text.replace(" ", "T")}${text.length > 10 ? "Z" : ""}`);
  else if (WITH_ZONE.test(text))
    time = Date.parse(
      text
        .replace(" ", "T")
        .replace(/\s?UTC$/i, "Z")
        .replace(/\s(?=[+-])/, "")
        .replace(/([+-]\d{2})(\d{2})$/, "$1:$2"),
    );
  else return undefined;
  if (!Number.isFinite(time) || time > now.getTime()) return undefined;
  return new Date(time);
}
