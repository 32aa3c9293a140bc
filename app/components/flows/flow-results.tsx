import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { useApiData } from "~/components/campaigns/use-api-data";
import { revenueText } from "~/components/popup-builder/stats-format";
import type { Received } from "~/lib/api-client";
import { formatNumber } from "~/lib/format";
import type { FlowStats } from "~/lib/schemas/flow-views";
import type { FlowStep } from "~/lib/schemas/flows";
import { flowApi } from "./paths";
import { stepSummary } from "./step-fields";

const EXIT_LABELS: Record<string, string> = {
  unsubscribed: "unsubscribed",
  bounced: "bounced",
  complained: "complained",
  ordered: "ordered",
  checkout_completed: "completed the checkout",
  condition: "stopped by a condition",
  step_removed: "step removed",
  subscriber_deleted: "deleted",
};

type Props = { storeId: string; flowId: string; steps: FlowStep[]; version: string };

/** The flow's results: who entered, what went out, who left and why, and the orders its emails led to. */
export function FlowResults({ storeId, flowId, steps, version }: Props) {
  const stats = useApiData<Received<FlowStats>>(
    flowApi(storeId, flowId, "stats"),
    "Failed to load results",
    version,
  );
  const figures = stats.data;
  const exits = Object.entries(figures?.exited ?? {})
    .map(([reason, runs]) => `${formatNumber(runs ?? 0)} ${EXIT_LABELS[reason] ?? reason}`)
    .join(" · ");
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Results
        </Text>
        {figures ? (
          <>
            <InlineStack gap="600" wrap>
              <Figure label="Entered" value={formatNumber(figures.entered)} />
              <Figure label="On their way" value={formatNumber(figures.active)} />
              <Figure label="Emails sent" value={formatNumber(figures.sent)} />
              <Figure label="Clicked" value={formatNumber(figures.clicked)} />
              <Figure label="Revenue" value={revenueText(figures.revenue)} />
            </InlineStack>
            <Text as="p" tone="subdued">
              {exits ? `Left early: ${exits}.` : "Nobody left early."} Opens are not measured.
            </Text>
            <BlockStack gap="100">
              {figures.steps.map((row, index) => {
                const step = steps.find((candidate) => candidate.id === row.stepId);
                const sent =
                  row.sent === null
                    ? ""
                    : ` · sent ${formatNumber(row.sent)} · clicked ${formatNumber(row.clicked ?? 0)}`;
                const revenue = row.revenue.length > 0 ? ` · ${revenueText(row.revenue)}` : "";
                return (
                  <Text as="p" key={row.stepId}>
                    {`${index + 1}. ${step ? stepSummary(step, steps) : row.stepId}: reached ${formatNumber(row.entered)}${sent}${revenue}`}
                  </Text>
                );
              })}
            </BlockStack>
          </>
        ) : (
          <Text as="p" tone="subdued">
            {stats.error ?? "Loading…"}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="050">
      <Text as="p" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant="headingLg">
        {value}
      </Text>
    </BlockStack>
  );
}
