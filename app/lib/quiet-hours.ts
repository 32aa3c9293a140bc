import { wallClock } from "./wall-clock";

/**
 * A store's quiet hours (docs/decisions/193): from `start`:00 to `end`:00 on the wall clock of `timeZone`,
 * wrapping midnight when `start` is after `end` (21 to 8: the night). No flow email goes out inside them.
 */
export type QuietHours = { enabled: boolean; start: number; end: number; timeZone: string };

const QUARTER_HOUR_MS = 15 * 60_000;

/** Whether the wall-clock hour falls inside the window (start inclusive, end exclusive). */
export function isQuietHour(hour: number, { start, end }: Pick<QuietHours, "start" | "end">): boolean {
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

/**
 * When the quiet hours around `now` end, or null when `now` is outside them (or they are off). Stepped a
 * quarter-hour at a time (every zone's offset is a whole number of quarter hours, so each wall-clock hour
 * begins on a step): the first step outside the window is its end, also on a day whose clocks jump an hour.
 */
export function quietUntil(now: Date, quiet: QuietHours): Date | null {
  if (!quiet.enabled || quiet.start === quiet.end) return null;
  if (!isQuietHour(wallClock(now, quiet.timeZone).hour, quiet)) return null;
  const first = Math.floor(now.getTime() / QUARTER_HOUR_MS + 1) * QUARTER_HOUR_MS;
  // A window is at most 23 hours; 26 covers a day with a repeated hour.
  for (let at = first; at < first + 26 * 4 * QUARTER_HOUR_MS; at += QUARTER_HOUR_MS) {
    if (!isQuietHour(wallClock(new Date(at), quiet.timeZone).hour, quiet)) return new Date(at);
  }
  return null;
}
