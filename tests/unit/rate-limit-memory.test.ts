import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { consume, countWithin, hasReachedLimit, type RateRule } from "~/server/rate-limit.server";

/**
 * The counters of a process without REDIS_URL (rate-limit.server.ts): each event's answer is the count it
 * made, as Redis's INCR answers, whatever other events of the key do while it is on its way to the caller.
 */
beforeAll(() => {
  delete process.env.REDIS_URL;
});

const rule = (limit: number): RateRule => ({
  name: `memory-${randomUUID()}`,
  limit,
  windowMs: 60_000,
  message: "Too many",
});

describe("in-memory rate limits under concurrent requests", () => {
  it("counts exactly one of three simultaneous events within a limit of 1", async () => {
    const once = rule(1);
    const answers = await Promise.all([1, 2, 3].map(() => countWithin(once, "10.73.0.1")));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(answers[0]).toBe(true);
  });

  it("refuses only the events over the limit when they arrive together", async () => {
    const twenty = rule(20);
    const outcomes = await Promise.allSettled(Array.from({ length: 21 }, () => consume(twenty, "10.0.0.1")));
    expect(outcomes.filter(({ status }) => status === "fulfilled")).toHaveLength(20);
    expect(outcomes.filter(({ status }) => status === "rejected")).toHaveLength(1);
  });

  it("reads a mark as it was when it was read", async () => {
    const mark = rule(2);
    await countWithin(mark, "visitor");
    const [reached] = await Promise.all([hasReachedLimit(mark, "visitor"), countWithin(mark, "visitor")]);
    expect(reached).toBe(false);
    expect(await hasReachedLimit(mark, "visitor")).toBe(true);
  });
});
