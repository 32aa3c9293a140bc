import { isIP } from "node:net";
import type { CsvRecord } from "~/lib/csv-records";
import { IMPORT_MEANINGS } from "~/lib/subscriber-import/meanings";
import { type FileConsent, readConsentValue, readTimestamp } from "~/lib/subscriber-import/vendors";
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

/** One row of the file as a subscriber, with what the file says of the person's consent. */
export type ImportRow = {
  line: number;
  email: string;
  fields: Record<StoredField, string | null>;
  tags: string[] | null;
  /** Whether the address may be mailed: a new address is added active only when true. */
  subscribed: boolean;
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
    optedOutAt: timeOf(values.get("optedOutAt")),
  };
}

/**
 * Whether the row may be mailed, by the file's own words, most cautious first: a file that as a whole lists
 * people who left, then an unsubscribe time, then the consent column (only a value meaning yes is a yes: an
 * empty or unknown one is not), then a file that as a whole lists subscribers. A file that says nothing
 * leaves the row subscribed on the merchant's word, as an import always did (the answer says so).
 */
function consentOf(
  values: Map<ImportedMeaning, string>,
  { plan, header, fileConsent, fileLabel }: ConsentSource,
): { subscribed: boolean; consentSaid: string | null } {
  const headerOf = (meaning: ImportedMeaning) => header[plan.columns.get(meaning) ?? -1]?.trim() ?? "";
  if (fileConsent === "not_subscribed") return { subscribed: false, consentSaid: `In the ${fileLabel}` };
  const optedOut = values.get("optedOutAt");
  if (optedOut) return { subscribed: false, consentSaid: `${headerOf("optedOutAt")}: ${optedOut}` };
  if (plan.columns.has("consent")) {
    const said = values.get("consent");
    if (!said) return { subscribed: false, consentSaid: `${headerOf("consent")}: (empty)` };
    return { subscribed: readConsentValue(said) === true, consentSaid: `${headerOf("consent")}: ${said}` };
  }
  if (fileConsent === "subscribed") return { subscribed: true, consentSaid: `In the ${fileLabel}` };
  return { subscribed: true, consentSaid: null };
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
