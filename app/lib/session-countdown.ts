/** SPEC §4/§9 session countdown rules, pure so they can be tested without a clock. */
export const WARNING_WINDOW_MS = { from: 4 * 60_000, to: 5 * 60_000 } as const;
export const DESTRUCTIVE_AT_MS = 10 * 60_000;

export function remainingMs(sessionExpiresAt: string | null | undefined, now: number): number {
  if (!sessionExpiresAt) return 0;
  const expires = Date.parse(sessionExpiresAt);
  return Number.isNaN(expires) ? 0 : Math.max(0, expires - now);
}

/** Days and hours, hours and minutes, minutes and seconds, or seconds. */
export function formatRemaining(ms: number): string {
  const totalSeconds = Math.floor(ms / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3_600);
  const minutes = Math.floor((totalSeconds % 3_600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

export function inWarningWindow(ms: number): boolean {
  return ms > WARNING_WINDOW_MS.from && ms <= WARNING_WINDOW_MS.to;
}

export function isDestructive(ms: number): boolean {
  return ms <= DESTRUCTIVE_AT_MS;
}

/** SPEC §8's expiry message, on the toast at zero and on the login page a lapsed session leads to. */
export const SESSION_EXPIRED = {
  title: "Session Expired",
  message: "Your session has expired. Please login again.",
};

/** Where a lapsed session leads: the login page, saying why. */
export const SESSION_EXPIRED_LOGIN = "/login?reason=session-expired";
