import { isIP } from "node:net";
import type { CsvRecord } from "~/lib/csv-records";
import { IMPORT_MEANINGS } from "~/lib/subscriber-import/meanings";
import {
  type FileConsent,
  type ImportVendor,
  readConsentValue,
  readTimestamp,
} from "~/lib/subscriber-import/vendors";
import { MAX_FIELD_LENGTH, normalizeEmail, validateEmail } from "../../../popup/validation";
import type { ColumnPlan, ImportedMeaning } from "./import-columns.server";

/**
 * The merchant's own list: the popup's company-address rules are the merchant's choice for strangers, not
 * for addresses they already hold. The address syntax and the temporary-mail domains are checked as always.
 */
const IMPORT_EMAIL_RULES = { companyEmailsOnly: false, allowedDomains: [], blockedDomains: [] };

/** The text fields a subscriber keeps, by their column. */
export const STORED_FIELDS = {
  name: "name",
  phone: "phone",
  company: "company",
  address: "address",
  street: "street",
  city: "city",
  state: "state",
  zipCode: "zip_code",
  country: "country",
} as const;
export type StoredField = keyof typeof STORED_FIELDS;
export const STORED_FIELD_NAMES = Object.keys(STORED_FIELDS) as StoredField[];

const MAX_TAGS = 50;

/**
 * What a row of the file says of the person (docs/decisions/209): they subscribed (a consent column's yes, a
 * Mailchimp subscriber), they left or their address is dead (an unsubscribe or clean time, an unsubscribed or
 * cleaned value or file), there is no consent (no, never subscribed, empty), or nothing at all: a file without
 * consent columns, subscribed on the merchant's word.
 */
export type FileEvidence = "optedIn" | "optedOut" | "notSubscribed" | "merchantsWord";

/** One row of the file as a subscriber, with what the file says of the person's consent. */
export type ImportRow = {
  line: number;
  email: string;
  fields: Record<StoredField, string | null>;
  tags: string[] | null;
  evidence: FileEvidence;
  /** Whether the address may be mailed: a new address is added active only when true. */
  subscribed: boolean;
  /** Cleaned (bounced) at the vendor: the address also gets no more email (docs/decisions/173). */
  cleaned: boolean;
  /** What the file said, as written ("Accepts Email Marketing: no"); null when it said nothing. */
  consentSaid: string | null;
  optedInAt: Date | null;
  optedInIp: string | null;
  confirmedAt: Date | null;
  optedOutAt: Date | null;
};

/** How the file speaks of consent: its consent columns, and what the file as a whole says (Mailchimp). */
export type ConsentSource = {
  plan: ColumnPlan;
  header: string[];
  fileConsent: FileConsent;
  vendor: ImportVendor;
  fileLabel: string;
};

/** The record as a subscriber (blank cells are null), or why it cannot be one. */
export function readRow(record: CsvRecord, source: ConsentSource): ImportRow | string {
  if (record.unclosed) return "A quoted field is not closed before the end of the file";
  const values = new Map<ImportedMeaning, string>();
  for (const [meaning, index] of source.plan.columns) {
    const value = (record.fields[index] ?? "").trim();
    if (value.includes("\0")) return `${IMPORT_MEANINGS[meaning]} contains a NUL character`;
    if (meaning !== "email" && meaning !== "tags" && value.length > MAX_FIELD_LENGTH)
      return `${IMPORT_MEANINGS[meaning]} is longer than ${MAX_FIELD_LENGTH} characters`;
    if (value !== "") values.set(meaning, value);
  }
  const email = values.get("email") ?? "";
  const problem = validateEmail(email, IMPORT_EMAIL_RULES);
  if (problem) return email ? `${email}: ${problem}` : problem;
  const joinedName = [values.get("firstName"), values.get("lastName")].filter(Boolean).join(" ");
  const fields = Object.fromEntries(
    STORED_FIELD_NAMES.map((field) => [field, values.get(field) ?? null]),
  ) as ImportRow["fields"];
  fields.name = (fields.name ?? joinedName.slice(0, MAX_FIELD_LENGTH)) || null;
  const ip = values.get("optedInIp");
  return {
    line: record.line,
    email: normalizeEmail(email),
    fields,
    tags: tagsOf(values.get("tags")),
    ...consentOf(values, source),
    optedInAt: timeOf(values.get("optedInAt")),
    optedInIp: ip && isIP(ip) ? ip : null,
    confirmedAt: timeOf(values.get("confirmedAt")),
    optedOutAt: timeOf(values.get("cleanedAt") ?? values.get("optedOutAt")),
  };
}

type Consent = Pick<ImportRow, "evidence" | "subscribed" | "cleaned" | "consentSaid">;

const said = (evidence: FileEvidence, consentSaid: string | null, cleaned = false): Consent => ({
  evidence,
  subscribed: evidence === "optedIn" || evidence === "merchantsWord",
  cleaned,
  consentSaid,
});

/**
 * What the row says of the person, by the file's own words, most cautious first: a file that as a whole lists
 * people who left (Mailchimp's unsubscribed or cleaned file), then the row's own clean or unsubscribe time
 * (an empty one says nothing: a combined Mailchimp file has them empty for its subscribers), then the consent
 * column (only a value meaning yes is a yes: an empty or unknown one is no consent), then a file that as a
 * whole lists subscribers. A file that says nothing leaves the row subscribed on the merchant's word, as an
 * import always did (the answer says so).
 */
function consentOf(
  values: Map<ImportedMeaning, string>,
  { plan, header, fileConsent, fileLabel, vendor }: ConsentSource,
): Consent {
  const headerOf = (meaning: ImportedMeaning) => header[plan.columns.get(meaning) ?? -1]?.trim() ?? "";
  const cleanedAt = values.get("cleanedAt");
  const optedOutAt = values.get("optedOutAt");
  if (fileConsent === "not_subscribed")
    return said("optedOut", `In the ${fileLabel}`, vendor === "mailchimpCleaned" || cleanedAt !== undefined);
  if (cleanedAt) return said("optedOut", `${headerOf("cleanedAt")}: ${cleanedAt}`, true);
  if (optedOutAt) return said("optedOut", `${headerOf("optedOutAt")}: ${optedOutAt}`);
  if (plan.columns.has("consent")) {
    const value = values.get("consent");
    if (!value) return said("notSubscribed", `${headerOf("consent")}: (empty)`);
    const words = `${headerOf("consent")}: ${value}`;
    const meaning = readConsentValue(value);
    if (meaning === "subscribed") return said("optedIn", words);
    if (meaning === "optedOut" || meaning === "cleaned")
      return said("optedOut", words, meaning === "cleaned");
    return said("notSubscribed", words);
  }
  if (fileConsent === "subscribed") return said("optedIn", `In the ${fileLabel}`);
  return said("merchantsWord", null);
}

function timeOf(value: string | undefined): Date | null {
  return value ? (readTimestamp(value) ?? null) : null;
}

/** "vip, newsletter" (Shopify) or "\"VIP\",\"Newsletter\"" (Mailchimp): each tag once, trimmed. */
function tagsOf(value: string | undefined): string[] | null {
  if (!value) return null;
  const tags = [
    ...new Set(
      value
        .split(",")
        .map((tag) =>
          tag
            .trim()
            .replace(/^"+|"+$/g, "")
            .trim()
            .slice(0, 100),
        )
        .filter(Boolean),
    ),
  ];
  return tags.length > 0 ? tags.slice(0, MAX_TAGS) : null;
}
