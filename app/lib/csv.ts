/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet: a cell an application would read
 * as a formula (=, +, -, @, or a leading tab or carriage return) is prefixed with a single quote,
 * as OWASP recommends against CSV injection. Subscriber data is typed by strangers into a popup.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One cell: empty for null, ISO 8601 for dates, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
