import { InlineGrid } from "@shopify/polaris";
import { StatCard } from "~/components/dashboard/stat-card";
import { formatNumber } from "~/lib/format";
import type { ClickStats } from "~/lib/schemas/email-analytics";

const columns = { xs: 1, sm: 3 } as const;

/**
 * SPEC §2: Click Rate (%), Total Emails Sent and Total Clicks, on the templates and analytics screens, right
 * under the page's title (so each figure's label is a second-level heading).
 */
export function EmailStatCards({ stats }: { stats: ClickStats }) {
  return (
    <InlineGrid columns={columns} gap="400">
      <StatCard level="h2" label="Click Rate" value={`${stats.clickRate.toFixed(1)}%`} />
      <StatCard level="h2" label="Total Emails Sent" value={formatNumber(stats.totalEmails)} />
      <StatCard level="h2" label="Total Clicks" value={formatNumber(stats.totalClicks)} />
    </InlineGrid>
  );
}
