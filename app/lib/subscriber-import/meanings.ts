/**
 * What a column of an imported CSV file can mean to us, and the header names each meaning is guessed from.
 * Shared by the mapping step (the browser guesses from the file's first line) and the server (which guesses
 * the same way when no mapping is sent), so both always agree.
 */
export const IMPORT_MEANINGS = {
  email: "Email",
  firstName: "First name",
  lastName: "Last name",
  name: "Full name",
  company: "Company",
  phone: "Phone",
  address: "Address",
  street: "Street",
  city: "City",
  state: "State or province",
  zipCode: "Zip or postal code",
  country: "Country",
  tags: "Tags",
  consent: "Email consent (subscribed or not)",
  optedInAt: "Opt-in time",
  optedInIp: "Opt-in IP address",
  confirmedAt: "Confirmation time (double opt-in)",
  optedOutAt: "Unsubscribe time",
  cleanedAt: "Cleaned (bounced) time",
  skip: "Don't import",
} as const;

export type ImportMeaning = keyof typeof IMPORT_MEANINGS;
export const IMPORT_MEANING_KEYS = Object.keys(IMPORT_MEANINGS) as ImportMeaning[];

/** Meanings that say whether a row may be mailed: a column guessed as one keeps it (see `lockedMeaning`). */
export const CONSENT_MEANINGS: ReadonlySet<ImportMeaning> = new Set(["consent", "optedOutAt", "cleanedAt"]);

/**
 * Header names per meaning, as `headerKey` writes them. Vendor headers are those of their documented exports:
 * Shopify customers ("Accepts Email Marketing", older "Accepts Marketing", newer "Default Address …"),
 * Mailchimp audiences (OPTIN_TIME, OPTIN_IP, CONFIRM_TIME, UNSUB_TIME, CLEAN_TIME: a combined file has both), Klaviyo profiles
 * ("Email Marketing Consent", "… Timestamp"), Omnisend contacts (camelCase, "status") and Privy contacts
 * ("email_permission").
 */
const HEADER_NAMES: Record<Exclude<ImportMeaning, "skip">, string[]> = {
  email: ["email", "e mail", "email address", "e mail address", "mail"],
  firstName: ["first name", "firstname", "given name", "fname"],
  lastName: ["last name", "lastname", "surname", "family name", "lname"],
  name: ["name", "full name", "fullname", "contact name"],
  company: ["company", "company name", "organization", "organisation"],
  phone: ["phone", "phone number", "telephone", "mobile", "mobile phone"],
  address: ["address", "address 1", "address1", "address line 1"],
  street: ["street", "street address"],
  city: ["city", "town"],
  state: ["state", "province", "region", "state region", "province code", "state code"],
  zipCode: ["zip", "zip code", "zipcode", "postal code", "postcode", "post code"],
  country: ["country", "country code"],
  tags: ["tags", "tag"],
  consent: [
    "accepts email marketing",
    "accepts marketing",
    "email marketing consent",
    "email marketing",
    "email permission",
    "email status",
    "email subscription status",
    "subscription status",
    "status",
    "subscribed",
    "consent",
    "marketing consent",
  ],
  optedInAt: [
    "optin time",
    "opt in time",
    "email marketing consent timestamp",
    "consent timestamp",
    "email opt in date",
    "opt in date",
    "optin date",
    "subscribed at",
    "consented at",
  ],
  optedInIp: ["optin ip", "opt in ip", "consent ip", "ip address", "ip"],
  confirmedAt: ["confirm time", "confirmed at", "confirmation time"],
  optedOutAt: ["unsub time", "email opt out date", "opt out date", "unsubscribed at", "unsubscribe date"],
  cleanedAt: ["clean time", "cleaned at", "bounced at"],
};

const MEANING_OF_NAME = new Map<string, ImportMeaning>(
  (Object.keys(HEADER_NAMES) as (keyof typeof HEADER_NAMES)[]).flatMap((meaning) =>
    HEADER_NAMES[meaning].map((name) => [name, meaning] as const),
  ),
);

/**
 * "E-Mail_Address", "firstName" and "Default Address Zip" read as "e mail address", "first name" and "zip":
 * camelCase split, case, punctuation and Shopify's "Default Address " prefix dropped.
 */
export function headerKey(header: string): string {
  return header
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^default address /, "");
}

/**
 * The columns whose names say they hold email consent, by index, when there are two or more: none of them
 * is guessed (they may disagree, and the first is no likelier right), the merchant chooses one. Empty when
 * the file has one consent column or none.
 */
export function consentChoices(header: string[]): number[] {
  const named = header.flatMap((name, index) =>
    MEANING_OF_NAME.get(headerKey(name)) === "consent" ? [index] : [],
  );
  return named.length > 1 ? named : [];
}

/**
 * Each column's guessed meaning: the first column of a meaning takes it, later ones are not imported. Of
 * several consent columns none is guessed: consentChoiceProblem asks for the merchant's choice.
 */
export function guessMeanings(header: string[]): ImportMeaning[] {
  const undecided = new Set(consentChoices(header));
  const taken = new Set<ImportMeaning>();
  return header.map((name, index) => {
    const meaning = MEANING_OF_NAME.get(headerKey(name));
    if (!meaning || taken.has(meaning) || undecided.has(index)) return "skip";
    taken.add(meaning);
    return meaning;
  });
}

const NUMBER_WORDS = ["", "one", "two", "three", "four", "five"];

/**
 * Why the meanings cannot be imported when the file has several consent columns: unless one of them, and no
 * other column, is Email consent and the others are left out, a row could be subscribed by one column while
 * another says no. Null when there is nothing to choose or the choice is made.
 */
export function consentChoiceProblem(header: string[], meanings: ImportMeaning[]): string | null {
  const choices = consentChoices(header);
  if (choices.length === 0) return null;
  const chosen = meanings.flatMap((meaning, index) => (meaning === "consent" ? [index] : []));
  const [only] = chosen;
  const decided =
    chosen.length === 1 &&
    only !== undefined &&
    choices.includes(only) &&
    choices.every((index) => index === only || meanings[index] === "skip");
  if (decided) return null;
  const names = choices.map((index) => `“${(header[index] ?? "").trim().slice(0, 80)}”`);
  const listed = `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `This file has ${NUMBER_WORDS[choices.length] ?? choices.length} consent columns, ${listed}: choose which one says whether a person agreed to emails in the mapping step.`;
}

/**
 * The meaning each column must keep (undefined: free to change). A column guessed as consent, or as an
 * unsubscribe time, says who may be mailed: it cannot be left out or given another meaning, since leaving it
 * out would make everyone in the file look subscribed.
 */
export function lockedMeanings(header: string[]): (ImportMeaning | undefined)[] {
  return guessMeanings(header).map((meaning) => (CONSENT_MEANINGS.has(meaning) ? meaning : undefined));
}
