import { BlockStack, InlineStack, Select, Text } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { DailyChart } from "~/components/dashboard/daily-chart";
import type { PopupStats } from "~/lib/schemas/popup-stats";
import { stepFunnel } from "~/lib/step-funnel";
import { STEP_NAMES } from "./stats-format";

const STEP_COLORS = ["#8a2be2", "#0071b9", "#b98900", "#00a47c"];
const NO_COUNTS = { impressions: 0, subscribers: 0, openerContinues: 0, extraFieldsContinues: 0 };

/**
 * Per day, the visitors who saw each step of one variant (its funnel, docs/decisions/186): the gap between a
 * line and the next is that day's drop-off. Shown for popups with an opener or extra fields.
 */
export function StepsChart({ stats }: { stats: PopupStats }) {
  const withSteps = stats.variants.filter((variant) => variant.steps.length > 2);
  const [variantId, setVariantId] = useState(withSteps[0]?.id ?? "");
  const variant = withSteps.find(({ id }) => id === variantId) ?? withSteps[0];
  const dates = useMemo(() => stats.series.map((point) => point.day), [stats]);
  const series = useMemo(() => {
    if (!variant) return [];
    const sequence = variant.steps.map(({ step }) => step);
    const funnels = stats.series.map((point) =>
      stepFunnel(sequence, point.variants[variant.id] ?? NO_COUNTS),
    );
    return sequence.map((step, index) => ({
      label: `${STEP_NAMES[step]} views`,
      color: STEP_COLORS[index % STEP_COLORS.length] ?? "#0071b9",
      values: funnels.map((funnel) => funnel[index]?.views ?? 0),
    }));
  }, [stats, variant]);
  if (!variant) return null;
  return (
    <BlockStack gap="100">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h3" variant="headingSm">
          Steps per day
        </Text>
        {withSteps.length > 1 ? (
          <Select
            label="Variant"
            labelInline
            options={withSteps.map(({ id, name }) => ({ value: id, label: name }))}
            value={variant.id}
            onChange={setVariantId}
          />
        ) : null}
      </InlineStack>
      <DailyChart
        dates={dates}
        series={series}
        ariaLabel={`Views of each step per day, variant ${variant.name}`}
      />
      <Text as="p" variant="bodySm" tone="subdued">
        Each line counts the visitors who saw that step; the gap to the next line is the drop-off.
      </Text>
    </BlockStack>
  );
}
