/** Dates as merchants read them, in their browser's locale; the server renders the same in en-US UTC. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en-US");
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** A count short enough for a chart's axis: 950, 1.5K, 100K, 2.5M. */
export function formatCompactCount(value: number): string {
  return compact.format(value);
}

/** A date and time as one reading for everyone (server and browser): UTC, en-US, e.g. "Nov 23, 2026, 10:04 UTC". */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  const text = date.toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  });
  return `${text} UTC`;
}

/** An amount ("1234.50") in its currency as merchants read it, e.g. "$1,234.50" or "€89.00". */
export function formatMoney(amount: string, currency: string): string {
  return Number(amount).toLocaleString("en-US", { style: "currency", currency });
}

/** A file size as people read it: 980 bytes, 12.5 KB, 3.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 24 * 60 * 60 * 1000],
  ["hour", 60 * 60 * 1000],
  ["minute", 60 * 1000],
];

/**
 * How long ago, as people say it ("5 minutes ago", "yesterday"; under a minute "just now"), from a `now`
 * the server gives, so that the page reads the same when it is rendered and when it hydrates.
 */
export function formatTimeAgo(value: string | Date, now: string | Date): string {
  const elapsed = new Date(now).getTime() - new Date(value).getTime();
  const format = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return "just now";
}
