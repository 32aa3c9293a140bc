import type { WaitStep } from "./schemas/flows";
import { wallClock } from "./wall-clock";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** What a wait is measured from: now, the flow's time zone, and when the subscriber's code ends. */
export type WaitContext = { now: Date; timeZone: string; codeEndsAt: Date };

/**
 * The next time after `now` that is `weekday` at `hour`:00 in `timeZone`: stepped hour by hour from the next
 * whole hour, so daylight-saving changes (a missing or repeated hour) need no arithmetic of their own.
 */
function nextWeekdayHour(now: Date, timeZone: string, weekday: number, hour: number): Date {
  const start = Math.floor(now.getTime() / HOUR_MS + 1) * HOUR_MS;
  for (let at = start; at < start + 8 * DAY_MS; at += HOUR_MS) {
    const wall = wallClock(new Date(at), timeZone);
    // Zones offset by a half or quarter hour reach the whole hour `minute` minutes later.
    if (wall.weekday === weekday && wall.hour === hour) return new Date(at - wall.minute * 60_000);
  }
  return new Date(start);
}

/** When a run that reaches `wait` at `context.now` goes on; a time already past means at once. */
export function waitEnds(wait: WaitStep["wait"], context: WaitContext): Date {
  switch (wait.kind) {
    case "hours":
      return new Date(context.now.getTime() + wait.hours * HOUR_MS);
    case "weekday":
      return nextWeekdayHour(context.now, context.timeZone, wait.weekday, wait.hour);
    case "before_code_ends":
      return new Date(Math.max(context.now.getTime(), context.codeEndsAt.getTime() - wait.days * DAY_MS));
  }
}

/** When a subscriber's code stops working: their subscription plus the popup's code validity. */
export function codeEndsAt(subscribedAt: Date, codeValidDays: number): Date {
  return new Date(subscribedAt.getTime() + codeValidDays * DAY_MS);
}
