import { describe, expect, it } from "vitest";
import { isQuietHour, type QuietHours, quietUntil } from "~/lib/quiet-hours";
import { campaignSettingsSchema } from "~/lib/schemas/campaign-sending";

const night: QuietHours = { enabled: true, start: 21, end: 8, timeZone: "UTC" };
const at = (iso: string) => new Date(iso);

describe("isQuietHour", () => {
  it("reads a window that wraps midnight and one that does not, start inclusive and end exclusive", () => {
    expect([20, 21, 23, 0, 7, 8].map((hour) => isQuietHour(hour, night))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect([12, 13, 14].map((hour) => isQuietHour(hour, { start: 13, end: 14 }))).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe("quietUntil", () => {
  it("answers the end of the quiet hours around now, across midnight", () => {
    expect(quietUntil(at("2026-12-01T22:00:00Z"), night)).toEqual(at("2026-12-02T08:00:00Z"));
    expect(quietUntil(at("2026-12-02T03:17:42Z"), night)).toEqual(at("2026-12-02T08:00:00Z"));
    expect(quietUntil(at("2026-12-01T21:00:00Z"), night)).toEqual(at("2026-12-02T08:00:00Z"));
  });

  it("answers null outside the quiet hours, at their end, and when they are off", () => {
    expect(quietUntil(at("2026-12-01T20:59:59Z"), night)).toBeNull();
    expect(quietUntil(at("2026-12-02T08:00:00Z"), night)).toBeNull();
    expect(quietUntil(at("2026-12-01T22:00:00Z"), { ...night, enabled: false })).toBeNull();
  });

  it("reads the hours on the store's wall clock, also on the days Europe/Berlin changes its clocks", () => {
    const berlin = { ...night, timeZone: "Europe/Berlin" };
    // 22:00 CET on the night summer time begins: 08:00 CEST is 06:00Z.
    expect(quietUntil(at("2026-03-28T21:00:00Z"), berlin)).toEqual(at("2026-03-29T06:00:00Z"));
    // 22:00 CEST on the night winter time begins: 08:00 CET is 07:00Z.
    expect(quietUntil(at("2026-10-24T20:00:00Z"), berlin)).toEqual(at("2026-10-25T07:00:00Z"));
    // Quiet hours ending at 02:00, an hour Berlin skips on 29 March: they end when 03:00 CEST begins.
    expect(quietUntil(at("2026-03-28T23:30:00Z"), { ...berlin, start: 22, end: 2 })).toEqual(
      at("2026-03-29T01:00:00Z"),
    );
    // Ending at 02:00 on 25 October, which comes twice: the first one ends them.
    expect(quietUntil(at("2026-10-24T23:30:00Z"), { ...berlin, start: 22, end: 2 })).toEqual(
      at("2026-10-25T00:00:00Z"),
    );
  });

  it("ends on the zone's whole hour in a zone offset by a half hour", () => {
    expect(quietUntil(at("2026-12-01T17:00:00Z"), { ...night, timeZone: "Asia/Kolkata" })).toEqual(
      at("2026-12-02T02:30:00Z"),
    );
  });
});

describe("campaignSettingsSchema", () => {
  const message = (body: unknown) => campaignSettingsSchema.safeParse(body).error?.issues[0]?.message;

  it("takes the sending speed, the quiet hours, or both", () => {
    expect(campaignSettingsSchema.parse({ sendRate: 20 })).toEqual({ sendRate: 20 });
    expect(campaignSettingsSchema.parse({ quietHours: night })).toEqual({ quietHours: night });
    expect(message({})).toBe("Send a sendRate, quietHours or both");
  });

  it("explains what is wrong with quiet hours", () => {
    expect(message({ quietHours: { ...night, start: 24 } })).toBe(
      "Quiet hours start must be an hour from 0 to 23",
    );
    expect(message({ quietHours: { ...night, end: 7.5 } })).toBe(
      "Quiet hours end must be a whole hour from 0 to 23",
    );
    expect(message({ quietHours: { ...night, end: 21 } })).toBe(
      "Quiet hours must end at a different hour than they start",
    );
    expect(message({ quietHours: { ...night, timeZone: "Mars/Olympus" } })).toBe(
      "Time zone must be an IANA zone like Europe/Paris",
    );
    expect(message({ quietHours: { ...night, enabled: "yes" } })).toBe(
      "Quiet hours enabled must be true or false",
    );
  });
});
