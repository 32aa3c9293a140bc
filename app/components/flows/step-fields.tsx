import { BlockStack, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import type { BranchStep, FlowStep, WaitStep } from "~/lib/schemas/flows";
import { laterSteps } from "./step-order";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const CONDITIONS: Record<BranchStep["condition"], string> = {
  code_used: "used their discount code",
  ordered: "ordered since the flow began",
  clicked_previous: "clicked a link in the previous email",
};

/** A step in one line: what the vertical list shows of it. */
export function stepSummary(step: FlowStep, steps: FlowStep[]): string {
  switch (step.type) {
    case "welcome":
      return "Welcome email (the one set up under Email Templates), sent at once";
    case "email":
      return `Email: ${step.subject}`;
    case "wait":
      if (step.wait.kind === "hours")
        return step.wait.hours % 24 === 0
          ? `Wait ${step.wait.hours / 24} days`
          : `Wait ${step.wait.hours} hours`;
      if (step.wait.kind === "weekday")
        return `Wait until ${WEEKDAYS[step.wait.weekday]} ${step.wait.hour}:00`;
      return `Wait until ${step.wait.days} ${step.wait.days === 1 ? "day" : "days"} before the code ends`;
    case "branch": {
      const target = steps.findIndex((other) => other.id === step.otherwise);
      const otherwise = target >= 0 ? `skip to step ${target + 1}` : "end here";
      return `Go on only if the subscriber ${step.expect ? "" : "has not "}${CONDITIONS[step.condition]}; otherwise ${otherwise}`;
    }
  }
}

const number = (value: string) => Math.max(0, Math.round(Number(value) || 0));

/** A wait's fields: how long, until when. */
export function WaitFields({ step, onChange }: { step: WaitStep; onChange: (step: WaitStep) => void }) {
  const { wait } = step;
  const kind = (
    <Select
      label="Wait"
      options={[
        { label: "For a number of hours", value: "hours" },
        { label: "Until a weekday and hour", value: "weekday" },
        { label: "Until days before the code ends", value: "before_code_ends" },
      ]}
      value={wait.kind}
      onChange={(value) =>
        onChange({
          ...step,
          wait:
            value === "hours"
              ? { kind: "hours", hours: 24 }
              : value === "weekday"
                ? { kind: "weekday", weekday: 1, hour: 10 }
                : { kind: "before_code_ends", days: 1 },
        })
      }
    />
  );
  return (
    <InlineStack gap="300" wrap>
      {kind}
      {wait.kind === "hours" ? (
        <TextField
          label="Hours"
          type="number"
          value={String(wait.hours)}
          onChange={(value) => onChange({ ...step, wait: { ...wait, hours: number(value) } })}
          autoComplete="off"
        />
      ) : null}
      {wait.kind === "weekday" ? (
        <>
          <Select
            label="Weekday"
            options={WEEKDAYS.map((label, value) => ({
              label,
              value: String(value),
            }))}
            value={String(wait.weekday)}
            onChange={(value) => onChange({ ...step, wait: { ...wait, weekday: Number(value) } })}
          />
          <TextField
            label="Hour"
            type="number"
            value={String(wait.hour)}
            onChange={(value) =>
              onChange({
                ...step,
                wait: { ...wait, hour: Math.min(23, number(value)) },
              })
            }
            autoComplete="off"
          />
        </>
      ) : null}
      {wait.kind === "before_code_ends" ? (
        <TextField
          label="Days before"
          type="number"
          value={String(wait.days)}
          onChange={(value) => onChange({ ...step, wait: { ...wait, days: number(value) } })}
          autoComplete="off"
        />
      ) : null}
    </InlineStack>
  );
}

const END_HERE = "";

/**
 * Where a branch's other answer goes: the run ends, or skips to a later step. A target a move left above the
 * branch stays listed (the field says what is wrong) until another is picked.
 */
function otherwiseOptions(step: BranchStep, steps: FlowStep[], index: number) {
  const target = steps.findIndex((other) => other.id === step.otherwise);
  const listed = laterSteps(steps, index);
  if (target >= 0 && target <= index) listed.unshift(target);
  return [
    { label: "End here", value: END_HERE },
    ...listed.map((at) => ({
      label: `Skip to step ${at + 1} (${stepSummary(steps[at] as FlowStep, steps)})`,
      value: (steps[at] as FlowStep).id,
    })),
  ];
}

type BranchProps = {
  step: BranchStep;
  /** The flow's steps as edited, and where this branch is among them. */
  steps: FlowStep[];
  index: number;
  /** Why its target cannot be saved (one before it), from the editor or the server. */
  error?: string;
  onChange: (step: BranchStep) => void;
};

/** A branch's fields: what it looks at, which answer goes on, and where the other one goes. */
export function BranchFields({ step, steps, index, error, onChange }: BranchProps) {
  return (
    <BlockStack gap="300">
      <InlineStack gap="300" wrap>
        <Select
          label="Go on if the subscriber"
          options={[
            { label: "has", value: "true" },
            { label: "has not", value: "false" },
          ]}
          value={String(step.expect)}
          onChange={(value) => onChange({ ...step, expect: value === "true" })}
        />
        <Select
          label="Condition"
          options={Object.entries(CONDITIONS).map(([value, label]) => ({
            label,
            value,
          }))}
          value={step.condition}
          onChange={(condition) =>
            onChange({
              ...step,
              condition: condition as BranchStep["condition"],
            })
          }
        />
      </InlineStack>
      <Select
        label="Otherwise"
        options={otherwiseOptions(step, steps, index)}
        value={step.otherwise ?? END_HERE}
        onChange={(value) => onChange({ ...step, otherwise: value === END_HERE ? null : value })}
        error={error}
      />
      <Text as="p" tone="subdued">
        Opens are not measured, so a branch looks at clicks.
      </Text>
    </BlockStack>
  );
}
