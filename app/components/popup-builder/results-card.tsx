import { BlockStack, Card, InlineStack, Select, SkeletonBodyText, Text } from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { DailyChart } from "~/components/dashboard/daily-chart";
import { apiRequest, failureMessage } from "~/lib/api-client";
import type { PopupStats } from "~/lib/schemas/popup-stats";
import { revenueText } from "./stats-format";
import { StepsChart } from "./steps-chart";
import { TestDecision } from "./test-decision";
import { VariantResults } from "./variant-results";
import { WheelResults } from "./wheel-results";

const PERIODS = ["7", "30", "90"] as const;
const VARIANT_COLORS = ["#0071b9", "#00a47c", "#b98900", "#8a2be2"];

type Props = {
  storeId: string;
  popupId: string;
  /**
   * Changes when the variants counted (the published ones) may have: the saved variants changed, or the
   * popup was published. The results are fetched again then.
   */
  refreshKey: string;
  onPromoted: () => Promise<void>;
};

function SubscribersChart({ stats }: { stats: PopupStats }) {
  const dates = useMemo(() => stats.series.map((point) => point.day), [stats]);
  const series = useMemo(
    () =>
      stats.variants.map((variant, index) => ({
        label: variant.name,
        color: VARIANT_COLORS[index % VARIANT_COLORS.length] ?? "#0071b9",
        values: stats.series.map((point) => point.variants[variant.id]?.subscribers ?? 0),
      })),
    [stats],
  );
  return (
    <BlockStack gap="100">
      <Text as="h3" variant="headingSm">
        Subscribers per day
      </Text>
      <DailyChart dates={dates} series={series} ariaLabel="Subscribers per day of each variant" />
    </BlockStack>
  );
}

/** The selected popup's A/B results; the winner, or the leader before there is one, can replace the popup's content. */
export function ResultsCard({ storeId, popupId, refreshKey, onPromoted }: Props) {
  const [days, setDays] = useState<(typeof PERIODS)[number]>("30");
  const [stats, setStats] = useState<PopupStats | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const base = `/api/stores/${storeId}/popups/${popupId}`;

  // A change of refreshKey (not read here) means the counted variants may have changed: fetch their figures.
  useEffect(() => {
    let current = true;
    setFailure(null);
    apiRequest<PopupStats>("GET", `${base}/stats?days=${days}`)
      .then((loaded) => current && setStats(loaded))
      .catch((error: unknown) => current && setFailure(failureMessage(error, "Failed to load the results")));
    return () => {
      current = false;
    };
  }, [base, days, refreshKey]);

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Results
          </Text>
          <div className="np-results-period">
            <Select
              label="Period"
              labelInline
              options={PERIODS.map((value) => ({ value, label: `Last ${value} days` }))}
              value={days}
              onChange={(value) => setDays(value as (typeof PERIODS)[number])}
            />
          </div>
        </InlineStack>
        {failure ? (
          <Text as="p" tone="critical">
            {failure}
          </Text>
        ) : !stats ? (
          <SkeletonBodyText lines={4} />
        ) : (
          <>
            <TestDecision stats={stats} promotePath={`${base}/promote`} onPromoted={onPromoted} />
            <VariantResults stats={stats} />
            <Text as="p" variant="bodySm" tone="subdued">
              {`Revenue from orders with this popup's codes: ${revenueText(stats.revenue)}`}
            </Text>
            {stats.wheel ? <WheelResults wheel={stats.wheel} /> : null}
            <SubscribersChart stats={stats} />
            <StepsChart stats={stats} />
          </>
        )}
      </BlockStack>
    </Card>
  );
}
