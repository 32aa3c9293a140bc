/** A time as read on a wall clock somewhere: weekday (0 Sunday), hour (0–23) and minute. */
export type WallClock = { weekday: number; hour: number; minute: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one is far slower than using it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      weekday: "short",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The weekday, hour and minute of `at` on the wall clock of `timeZone` (an IANA zone). */
export function wallClock(at: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
  return { weekday, hour: Number(part("hour")), minute: Number(part("minute")) };
}
