import { headerKey } from "./meanings";

export const IMPORT_VENDORS = {
  shopify: "Shopify customers export",
  mailchimpSubscribed: "Mailchimp audience export (subscribed)",
  mailchimpUnsubscribed: "Mailchimp audience export (unsubscribed)",
  mailchimpCleaned: "Mailchimp audience export (cleaned)",
  klaviyo: "Klaviyo profiles export",
  omnisend: "Omnisend contacts export",
  privy: "Privy contacts export",
  generic: "CSV file",
} as const;

export type ImportVendor = keyof typeof IMPORT_VENDORS;

/**
 * Whom the file says it holds as a whole. Mailchimp exports each section of an audience as its own file, so
 * the file is the evidence: its subscribed file lists people who subscribed, its unsubscribed and cleaned
 * files people who must not be mailed, whatever the merchant maps.
 */
export type FileConsent = "subscribed" | "not_subscribed" | undefined;

/** The export the header looks like, from the columns only its vendor writes. */
export function detectVendor(header: string[]): ImportVendor {
  const keys = new Set(header.map(headerKey));
  const has = (...names: string[]) => names.some((name) => keys.has(name));
  if (has("optin time", "confirm time", "member rating", "leid", "euid")) {
    if (has("clean time")) return "mailchimpCleaned";
    if (has("unsub time")) return "mailchimpUnsubscribed";
    return "mailchimpSubscribed";
  }
  if (has("email marketing consent", "klaviyo id")) return "klaviyo";
  if (has("accepts email marketing", "accepts marketing")) return "shopify";
  if (has("email permission")) return "privy";
  const camelCase = header.some((name) => /^(firstName|lastName|postalCode|countryCode)$/.test(name.trim()));
  if (camelCase && has("status")) return "omnisend";
  return "generic";
}

export function fileConsentOf(vendor: ImportVendor): FileConsent {
  if (vendor === "mailchimpSubscribed") return "subscribed";
  if (vendor === "mailchimpUnsubscribed" || vendor === "mailchimpCleaned") return "not_subscribed";
  return undefined;
}

/** Values that mean "may be mailed": Shopify yes/true, Klaviyo SUBSCRIBED, Omnisend and Privy subscribed… */
const SUBSCRIBED = new Set(["yes", "y", "true", "1", "subscribed", "opted in", "optin", "email", "mailable"]);
/** …and those that mean not: Klaviyo NEVER_SUBSCRIBED, Omnisend nonSubscribed, Shopify PENDING (unconfirmed). */
const NOT_SUBSCRIBED = new Set([
  "no",
  "n",
  "false",
  "0",
  "unsubscribed",
  "never subscribed",
  "non subscribed",
  "not subscribed",
  "nonsubscribed",
  "cleaned",
  "opted out",
  "pending",
  "invalid",
  "redacted",
  "bounced",
  "suppressed",
  "non mailable",
  "unset non mailable",
]);

/** A consent cell as yes or no; undefined when the value says neither (it is then not taken as consent). */
export function readConsentValue(value: string): boolean | undefined {
  const key = headerKey(value);
  if (SUBSCRIBED.has(key)) return true;
  if (NOT_SUBSCRIBED.has(key)) return false;
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
