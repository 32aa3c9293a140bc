import { describe, expect, it } from "vitest";
import { codeEndsAt, waitEnds } from "~/lib/flow-waits";
import { newFlowSchema, updateFlowSchema } from "~/lib/schemas/flows";
import { checkoutLink } from "~/services/flows/delivery.server";

const now = new Date("2026-03-28T10:30:00Z"); // a Saturday; Europe/Paris moves to summer time on the 29th
const context = { now, timeZone: "UTC", codeEndsAt: new Date("2026-04-27T10:30:00Z") };

describe("waitEnds", () => {
  it("waits a number of hours", () => {
    expect(waitEnds({ kind: "hours", hours: 72 }, context)).toEqual(new Date("2026-03-31T10:30:00Z"));
  });

  it("waits until the next weekday and hour in the flow's time zone, across a daylight-saving change", () => {
    expect(
      waitEnds({ kind: "weekday", weekday: 1, hour: 9 }, { ...context, timeZone: "Europe/Paris" }),
    ).toEqual(new Date("2026-03-30T07:00:00Z"));
    expect(waitEnds({ kind: "weekday", weekday: 6, hour: 9 }, context)).toEqual(
      new Date("2026-04-04T09:00:00Z"),
    );
    expect(
      waitEnds({ kind: "weekday", weekday: 6, hour: 20 }, { ...context, timeZone: "Asia/Kolkata" }),
    ).toEqual(new Date("2026-03-28T14:30:00Z"));
  });

  it("waits until days before the code ends, or not at all once that is past", () => {
    expect(waitEnds({ kind: "before_code_ends", days: 1 }, context)).toEqual(
      new Date("2026-04-26T10:30:00Z"),
    );
    expect(waitEnds({ kind: "before_code_ends", days: 40 }, context)).toEqual(now);
  });

  it("reads a code's end from the subscription and the popup's validity", () => {
    expect(codeEndsAt(new Date("2026-03-01T00:00:00Z"), 30)).toEqual(new Date("2026-03-31T00:00:00Z"));
  });
});

describe("checkoutLink", () => {
  it("applies the code on the shop's domain, then goes back to the checkout", () => {
    expect(checkoutLink("https://shop.example/checkouts/ab12/recover?key=k1", "SAVE-10")).toBe(
      "https://shop.example/discount/SAVE-10?redirect=%2Fcheckouts%2Fab12%2Frecover%3Fkey%3Dk1",
    );
    expect(checkoutLink("https://shop.example/checkouts/ab12/recover?key=k1", "")).toBe(
      "https://shop.example/checkouts/ab12/recover?key=k1",
    );
  });
});

describe("the flow schemas", () => {
  it("take a built-in flow by name, and refuse an unknown one", () => {
    expect(newFlowSchema.safeParse({ template: "welcome-series" }).success).toBe(true);
    expect(newFlowSchema.safeParse({ template: "birthday" }).success).toBe(false);
  });

  it("refuse a branch that skips backwards and two steps with one id", () => {
    const wait = { id: "w", type: "wait", wait: { kind: "hours", hours: 1 } };
    const back = { id: "b", type: "branch", condition: "ordered", expect: false, otherwise: "w" };
    expect(updateFlowSchema.safeParse({ steps: [wait, back] }).error?.issues[0]?.message).toBe(
      "A branch can only skip ahead to a later step",
    );
    expect(updateFlowSchema.safeParse({ steps: [wait, wait] }).error?.issues[0]?.message).toBe(
      "Each step needs its own id",
    );
    expect(updateFlowSchema.safeParse({ timeZone: "Mars/Olympus" }).success).toBe(false);
  });
});
