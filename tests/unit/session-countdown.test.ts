import { describe, expect, it } from "vitest";
import { formatRemaining, inWarningWindow, isDestructive, remainingMs } from "~/lib/session-countdown";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("remainingMs", () => {
  const now = Date.parse("2025-06-01T12:00:00.000Z");

  it("is the time left until sessionExpiresAt", () => {
    expect(remainingMs("2025-06-01T12:30:00.000Z", now)).toBe(30 * MINUTE);
  });

  it("is 0 when sessionExpiresAt is missing, unreadable or past", () => {
    expect(remainingMs(undefined, now)).toBe(0);
    expect(remainingMs(null, now)).toBe(0);
    expect(remainingMs("", now)).toBe(0);
    expect(remainingMs("not a date", now)).toBe(0);
    expect(remainingMs("2025-06-01T11:59:59.000Z", now)).toBe(0);
  });
});

describe("formatRemaining", () => {
  it.each([
    [2 * DAY + 3 * HOUR + 59 * MINUTE, "2d 3h"],
    [DAY, "1d 0h"],
    [DAY - SECOND, "23h 59m"],
    [HOUR + 5 * MINUTE + 30 * SECOND, "1h 5m"],
    [HOUR, "1h 0m"],
    [4 * MINUTE + 30 * SECOND, "4m 30s"],
    [MINUTE, "1m 0s"],
    [59 * SECOND, "59s"],
    [999, "0s"],
    [0, "0s"],
  ])("shows %i ms as %s", (ms, shown) => {
    expect(formatRemaining(ms)).toBe(shown);
  });
});

describe("warning and destructive windows", () => {
  it("warns only when more than 4 and at most 5 minutes remain", () => {
    expect(inWarningWindow(5 * MINUTE + SECOND)).toBe(false);
    expect(inWarningWindow(5 * MINUTE)).toBe(true);
    expect(inWarningWindow(4 * MINUTE + SECOND)).toBe(true);
    expect(inWarningWindow(4 * MINUTE)).toBe(false);
    expect(inWarningWindow(0)).toBe(false);
  });

  it("turns the badge destructive at 10 minutes or less", () => {
    expect(isDestructive(10 * MINUTE + SECOND)).toBe(false);
    expect(isDestructive(10 * MINUTE)).toBe(true);
    expect(isDestructive(0)).toBe(true);
  });
});
