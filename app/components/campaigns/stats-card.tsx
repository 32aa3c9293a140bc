import { Banner, BlockStack, Box, Card, InlineGrid, SkeletonBodyText, Text } from "@shopify/polaris";
import { formatMoney, formatNumber } from "~/lib/format";
import type { CampaignStats } from "~/lib/schemas/campaign-views";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";
import { ClicksChart } from "./clicks-chart";
import { rateText } from "./figures";
import { campaignApi } from "./paths";
import { useApiData } from "./use-api-data";

type Props = {
  storeId: string;
  campaignId: string;
  /** Changes while the campaign is being sent (its progress): the figures are read again. */
  refreshKey: string;
};

type FigureProps = { label: string; value: string; detail?: string };

function Figure({ label, value, detail }: FigureProps) {
  return (
    <Box padding="300" background="bg-surface-secondary" borderRadius="200">
      <BlockStack gap="100">
        <Text as="p" variant="bodySm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="headingLg">
          {value}
        </Text>
        {detail ? (
          <Text as="p" variant="bodySm" tone="subdued">
            {detail}
          </Text>
        ) : null}
      </BlockStack>
    </Box>
  );
}

/** "€1,234.50 · $20.00" and "4 orders": orders the messages led to, per currency; "None" before any. */
function revenueFigure(revenue: AttributedRevenue[]): FigureProps {
  const orders = revenue.reduce((sum, { orders: count }) => sum + count, 0);
  return {
    label: "Revenue",
    value:
      revenue.length > 0
        ? revenue.map(({ total, currency }) => formatMoney(total, currency)).join(" · ")
        : "None",
    detail: orders > 0 ? `${formatNumber(orders)} ${orders === 1 ? "order" : "orders"}` : undefined,
  };
}

function figuresOf(stats: CampaignStats): FigureProps[] {
  return [
    { label: "Delivered", value: formatNumber(stats.delivered) },
    { label: "Failed", value: formatNumber(stats.failed) },
    { label: "Unique clicks", value: formatNumber(stats.uniqueClicks) },
    { label: "Total clicks", value: formatNumber(stats.totalClicks) },
    { label: "Click rate", value: rateText(stats.clickRate) },
    { label: "Unsubscribes", value: formatNumber(stats.unsubscribes) },
    { label: "Bounces", value: formatNumber(stats.bounces) },
    { label: "Complaints", value: formatNumber(stats.complaints) },
    revenueFigure(stats.revenue),
  ];
}

function Results({ stats }: { stats: CampaignStats }) {
  return (
    <>
      <InlineGrid columns={{ xs: 2, md: 4 }} gap="300">
        {figuresOf(stats).map((figure) => (
          <Figure key={figure.label} {...figure} />
        ))}
      </InlineGrid>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Clicks per day
        </Text>
        <ClicksChart days={stats.clicksPerDay} />
      </BlockStack>
    </>
  );
}

/** What the campaign achieved: deliveries, clicks, unsubscribes, bounces, complaints and (when attributed) revenue, and clicks per day. */
export function StatsCard({ storeId, campaignId, refreshKey }: Props) {
  const stats = useApiData<CampaignStats>(
    campaignApi(storeId, campaignId, "stats"),
    "Failed to load the results",
    refreshKey,
  );

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Results
        </Text>
        {stats.error ? (
          <Banner tone="critical">
            <p>{stats.error}</p>
          </Banner>
        ) : null}
        {stats.data ? <Results stats={stats.data} /> : null}
        {!stats.data && !stats.error ? <SkeletonBodyText lines={4} /> : null}
      </BlockStack>
    </Card>
  );
}
