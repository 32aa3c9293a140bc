const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A subscriber's birthday as read ("14 March"), or "" when they gave none (the year is never asked). */
export function formatBirthday(day: number | null | undefined, month: number | null | undefined): string {
  const name = month ? MONTHS[month - 1] : undefined;
  return day && name ? `${day} ${name}` : "";
}
