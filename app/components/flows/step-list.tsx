import {
  ActionList,
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  InlineStack,
  Popover,
  Text,
} from "@shopify/polaris";
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import type { FieldErrors } from "~/components/campaigns/use-campaign-draft";
import { formatNumber } from "~/lib/format";
import type { StoreSender } from "~/lib/schemas/campaign-views";
import type { FlowStep } from "~/lib/schemas/flows";
import { EmailStepEditor } from "./email-step-editor";
import { NEW_STEP_LABELS, type NewStepType, newStep } from "./new-step";
import { BranchFields, stepSummary, WaitFields } from "./step-fields";
import { backwardTarget, moveStep } from "./step-order";

type Props = {
  storeId: string;
  sender: StoreSender;
  steps: FlowStep[];
  /** The steps as saved, and whether subscribers are going through them: a changed step says whom it reaches. */
  savedSteps: FlowStep[];
  live: boolean;
  /** Active runs that have not reached each step (an edit of it reaches them). */
  runsBefore: Record<string, number>;
  errors: FieldErrors;
  onChange: (steps: FlowStep[]) => void;
  onTest: (stepId: string) => void;
};

/** The messages of step `index`, keyed by the step's own path ("subject" for "steps.3.subject"). */
function stepErrors(errors: FieldErrors, index: number): FieldErrors {
  const prefix = `steps.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  );
}

function AddStep({ onAdd }: { onAdd: (type: NewStepType) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button icon={PlusIcon} disclosure onClick={() => setOpen((shown) => !shown)}>
          Add step
        </Button>
      }
    >
      <ActionList
        actionRole="menuitem"
        items={(Object.keys(NEW_STEP_LABELS) as NewStepType[]).map((type) => ({
          content: NEW_STEP_LABELS[type],
          onAction: () => {
            setOpen(false);
            onAdd(type);
          },
        }))}
      />
    </Popover>
  );
}

const MOVES = [
  { by: -1, word: "up", icon: ArrowUpIcon },
  { by: 1, word: "down", icon: ArrowDownIcon },
] as const;

/** What saving an edit of a saved step does to the subscribers on their way through the flow. */
function changeReach(ahead: number, live: boolean): string {
  const runs = ahead === 1 ? "1 subscriber" : `${formatNumber(ahead)} subscribers`;
  if (ahead > 0)
    return `Changed: once saved, this change reaches the ${runs} on their way who have not reached this step yet.`;
  return live
    ? "Changed: nobody on their way is before this step, so once saved this change reaches only those who enter from now on."
    : "";
}

/**
 * The flow's steps top to bottom, added at the end, moved up or down and removed anywhere; one opens at a time
 * to be edited (and any whose fields are wrong).
 */
export function StepList(props: Props) {
  const { storeId, sender, steps, savedSteps, live, runsBefore, errors, onChange, onTest } = props;
  const [open, setOpen] = useState<string | null>(null);
  const replace = (index: number, step: FlowStep) =>
    onChange(steps.map((old, at) => (at === index ? step : old)));
  // A branch that skipped to the removed step ends the run instead.
  const remove = (index: number) =>
    onChange(
      steps
        .filter((_, at) => at !== index)
        .map((step) =>
          step.type === "branch" && step.otherwise === steps[index]?.id ? { ...step, otherwise: null } : step,
        ),
    );
  return (
    <BlockStack gap="300">
      {steps.map((step, index) => {
        const own = stepErrors(errors, index);
        const target = own.otherwise ?? backwardTarget(steps, index) ?? undefined;
        const editing = open === step.id || Object.keys(own).length > 0 || target !== undefined;
        const saved = savedSteps.find((old) => old.id === step.id);
        const reach =
          saved && JSON.stringify(saved) !== JSON.stringify(step)
            ? changeReach(runsBefore[step.id] ?? 0, live)
            : "";
        return (
          <section key={step.id} aria-label={`Step ${index + 1}`}>
            <Card>
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <InlineStack gap="200" blockAlign="center" wrap={false}>
                    <Badge>{String(index + 1)}</Badge>
                    <Text as="h3" variant="headingSm" breakWord>
                      {stepSummary(step, steps)}
                    </Text>
                  </InlineStack>
                  <InlineStack gap="300" blockAlign="center">
                    {MOVES.map(({ by, word, icon }) => (
                      <Button
                        key={word}
                        variant="tertiary"
                        icon={icon}
                        accessibilityLabel={`Move step ${index + 1} ${word}`}
                        disabled={!steps[index + by]}
                        onClick={() => onChange(moveStep(steps, index, by))}
                      />
                    ))}
                    {step.type !== "welcome" ? (
                      <Button variant="plain" onClick={() => setOpen(editing ? null : step.id)}>
                        {editing ? "Close" : "Edit"}
                      </Button>
                    ) : null}
                    {steps.length > 1 ? (
                      <Button variant="plain" tone="critical" onClick={() => remove(index)}>
                        Remove
                      </Button>
                    ) : null}
                  </InlineStack>
                </InlineStack>
                {reach ? (
                  <Text as="p" tone="caution" fontWeight="medium">
                    {reach}
                  </Text>
                ) : null}
                {editing && step.type === "wait" ? (
                  <WaitFields step={step} onChange={(next) => replace(index, next)} />
                ) : null}
                {editing && step.type === "branch" ? (
                  <BranchFields
                    step={step}
                    steps={steps}
                    index={index}
                    error={target}
                    onChange={(next) => replace(index, next)}
                  />
                ) : null}
                {editing && step.type === "email" ? (
                  <Box paddingBlockStart="200">
                    <EmailStepEditor
                      storeId={storeId}
                      sender={sender}
                      step={step}
                      errors={own}
                      onChange={(next) => replace(index, next)}
                      onTest={() => onTest(step.id)}
                    />
                  </Box>
                ) : null}
              </BlockStack>
            </Card>
          </section>
        );
      })}
      <InlineStack>
        <AddStep
          onAdd={(type) => {
            const step = newStep(type, steps);
            onChange([...steps, step]);
            setOpen(step.id);
          }}
        />
      </InlineStack>
    </BlockStack>
  );
}
