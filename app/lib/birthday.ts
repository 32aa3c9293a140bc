/**
 * A subscriber's birthday as read in `language` (English "14 March", German "14. März", French "14 mars"), or ""
 * when they gave none (the year is never asked). An unknown or malformed language reads as English.
 */
export function formatBirthday(
  day: number | null | undefined,
  month: number | null | undefined,
  language = "en",
): string {
  if (!day || !month || month < 1 || month > 12 || day < 1 || day > 31) return "";
  // A leap year, so that 29 February reads as itself; UTC, so that no time zone moves the day.
  const date = Date.UTC(2000, month - 1, day);
  return dayAndMonth(language).format(date);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** English reads day before month ("14 March"), as the app always wrote it; other languages their own way. */
function dayAndMonth(language: string): Intl.DateTimeFormat {
  const locale = language.toLowerCase() === "en" ? "en-GB" : language;
  let format = formats.get(locale);
  if (!format) {
    format = makeFormat(locale);
    formats.set(locale, format);
  }
  return format;
}

function makeFormat(locale: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", timeZone: "UTC" };
  try {
    return new Intl.DateTimeFormat(locale, options);
  } catch {
    return new Intl.DateTimeFormat("en-GB", options);
  }
}
