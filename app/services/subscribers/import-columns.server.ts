import { invalid } from "~/server/domain-errors.server";

/**
 * The subscriber fields a CSV import fills: the column each is stored in, its name in a refusal, and the
 * header names it is recognised by.
 */
export const IMPORTED_COLUMNS = {
  email: {
    column: "email",
    label: "Email",
    names: ["email", "e-mail", "email address", "e-mail address", "mail"],
  },
  name: { column: "name", label: "Name", names: ["name", "first name", "full name"] },
  phone: { column: "phone", label: "Phone", names: ["phone", "phone number", "telephone", "mobile"] },
  company: {
    column: "company",
    label: "Company",
    names: ["company", "company name", "organization", "organisation"],
  },
  address: { column: "address", label: "Address", names: ["address", "address 1", "address line 1"] },
  street: { column: "street", label: "Street", names: ["street", "street address"] },
  city: { column: "city", label: "City", names: ["city", "town"] },
  state: { column: "state", label: "State", names: ["state", "province", "region"] },
  zipCode: {
    column: "zip_code",
    label: "Zip code",
    names: ["zip", "zip code", "zipcode", "postal code", "postcode", "post code"],
  },
  country: { column: "country", label: "Country", names: ["country"] },
} as const;

export type ImportedField = keyof typeof IMPORTED_COLUMNS;
export const IMPORTED_FIELDS = Object.keys(IMPORTED_COLUMNS) as ImportedField[];

/** "E-Mail_Address" and " email address " both read as "e-mail address" / "email address". */
function headerKey(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, " ");
}

const FIELD_OF_NAME = new Map<string, ImportedField>(
  IMPORTED_FIELDS.flatMap((field) => IMPORTED_COLUMNS[field].names.map((name) => [name, field] as const)),
);

export type ColumnMap = { columns: Map<ImportedField, number>; ignored: string[] };

/**
 * The header row read as subscriber fields, case-insensitively; of two columns for one field the first is
 * used. Columns no field takes are ignored and named back. Without an email column nothing can be imported.
 */
export function mapColumns(header: string[]): ColumnMap {
  const columns = new Map<ImportedField, number>();
  const ignored: string[] = [];
  header.forEach((name, index) => {
    const field = FIELD_OF_NAME.get(headerKey(name));
    if (field && !columns.has(field)) columns.set(field, index);
    else if (name.trim()) ignored.push(name.trim());
  });
  if (!columns.has("email"))
    throw invalid(
      "The CSV file needs an email column: its first line must name the columns, one of them Email (or E-mail, Email address)",
    );
  return { columns, ignored };
}
