import { describe, expect, it } from "vitest";
import { backwardTarget, laterSteps, moveStep } from "~/components/flows/step-order";
import type { FlowStep } from "~/lib/schemas/flows";

const welcome: FlowStep = { id: "welcome", type: "welcome" };
const wait: FlowStep = { id: "wait", type: "wait", wait: { kind: "hours", hours: 24 } };
const branch: FlowStep = {
  id: "branch",
  type: "branch",
  condition: "code_used",
  expect: false,
  otherwise: "last",
};
const last: FlowStep = { id: "last", type: "wait", wait: { kind: "hours", hours: 48 } };
const steps = [welcome, branch, wait, last];

describe("moveStep", () => {
  it("swaps a step with the one above or below", () => {
    expect(moveStep(steps, 1, -1).map((step) => step.id)).toEqual(["branch", "welcome", "wait", "last"]);
    expect(moveStep(steps, 1, 1).map((step) => step.id)).toEqual(["welcome", "wait", "branch", "last"]);
  });

  it("leaves the list as it is at either end", () => {
    expect(moveStep(steps, 0, -1)).toBe(steps);
    expect(moveStep(steps, 3, 1)).toBe(steps);
  });
});

describe("laterSteps", () => {
  it("lists only the positions after the branch", () => {
    expect(laterSteps(steps, 1)).toEqual([2, 3]);
    expect(laterSteps(steps, 3)).toEqual([]);
  });
});

describe("backwardTarget", () => {
  it("accepts a later target, ending the run, and steps that are not branches", () => {
    expect(backwardTarget(steps, 1)).toBeNull();
    expect(backwardTarget([welcome, { ...branch, otherwise: null }], 1)).toBeNull();
    expect(backwardTarget(steps, 0)).toBeNull();
  });

  it("names the step a move left above the branch", () => {
    expect(backwardTarget([welcome, last, branch, wait], 2)).toBe(
      "Step 2 is now above this condition: a condition can only skip ahead to a later step. Pick a later step or end here.",
    );
  });

  it("says so when the target is gone", () => {
    expect(backwardTarget([welcome, branch], 1)).toBe(
      "The step to skip to is gone: pick a later step or end here",
    );
  });
});
