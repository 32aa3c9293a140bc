/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet: a cell an application would read
 * as a formula (=, +, -, @, or a leading tab or carriage return) is prefixed with a single quote,
 * as OWASP recommends against CSV injection. Subscriber data is typed by strangers into a popup.
 *
 * A spreadsheet may also split the file on another separator than the comma: Excel uses the
 * system's list separator (a semicolon in much of Europe), LibreOffice, Google Sheets and Numbers
 * detect semicolons and tabs, and a pipe is one click away in their import dialogs. Split there,
 * "Jo;=HYPERLINK(…)" becomes a cell of its own that starts with "=", and no quoting of ours helps:
 * a quote only protects a field it opens, and in the other split it no longer does. So a formula
 * start that follows any of these separators, or a line break (a new record in that split), gets
 * the single quote too, before the formula start, where the spreadsheet would begin the cell.
 * Double quotes between the two are skipped, as a spreadsheet strips them.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Characters a spreadsheet may start a new cell (or record) after. */
const CELL_BREAKS = ",;|\t\r\n";
/** Characters that make the text after a cell break a formula ("-" last: it is literal there). */
const FORMULA_STARTS = "=+@-";
/**
 * A cell break, and any double quotes after it, followed by a formula start. The same text is a
 * POSIX bracket expression and lookahead in JavaScript and in PostgreSQL (export.server.ts).
 */
export const FORMULA_AFTER_BREAK = `[${CELL_BREAKS}]"*(?=[${FORMULA_STARTS}])`;
const FORMULA_AFTER_BREAK_GLOBAL = new RegExp(FORMULA_AFTER_BREAK, "g");

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One cell: empty for null, ISO 8601 for dates, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string") text = neutralised(text);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The text with a single quote before each place a spreadsheet could begin a formula. */
function neutralised(text: string): string {
  const inner = text.replace(FORMULA_AFTER_BREAK_GLOBAL, "$&'");
  return FORMULA_START.test(text) ? `'${inner}` : inner;
}

/** One record, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
