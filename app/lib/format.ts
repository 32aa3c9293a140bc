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
