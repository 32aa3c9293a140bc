import type { FlowStep } from "~/lib/schemas/flows";

/** The steps with the one at `index` swapped with its neighbour above (-1) or below (+1); the same list at an end. */
export function moveStep(steps: FlowStep[], index: number, by: -1 | 1): FlowStep[] {
  const other = index + by;
  if (other < 0 || other >= steps.length) return steps;
  const moved = [...steps];
  [moved[index], moved[other]] = [moved[other] as FlowStep, moved[index] as FlowStep];
  return moved;
}

/** The positions after `index`: where a branch there may skip to (the API refuses any other). */
export function laterSteps(steps: FlowStep[], index: number): number[] {
  return steps.map((_, at) => at).filter((at) => at > index);
}

/**
 * Why the branch at `index` cannot be saved as it is (its "otherwise" step now at or above it, after a move),
 * or null: the server's rule, said on the field before saving.
 */
export function backwardTarget(steps: FlowStep[], index: number): string | null {
  const step = steps[index];
  if (step?.type !== "branch" || step.otherwise === null) return null;
  const target = steps.findIndex((other) => other.id === step.otherwise);
  if (target > index) return null;
  return target < 0
    ? "The step to skip to is gone: pick a later step or end here"
    : `Step ${target + 1} is now above this condition: a condition can only skip ahead to a later step. Pick a later step or end here.`;
}
