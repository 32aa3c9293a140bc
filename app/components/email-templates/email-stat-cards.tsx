import { InlineGrid } from "@shopify/polaris";
import { StatCard } from "~/components/dashboard/stat-card";
import { formatNumber } from "~/lib/format";
import type { ClickStats } from "~/lib/schemas/email-analytics";

const columns = { xs: 1, sm: 3 } as const;

/** SPEC §2: Click Rate (%), Total Emails Sent and Total Clicks, on the templates and analytics screens. */
export function EmailStatCards({ stats }: { stats: ClickStats }) {
  return (
    <InlineGrid columns={columns} gap="400">
      <StatCard label="Click Rate" value={`${stats.clickRate.toFixed(1)}%`} />
      <StatCard label="Total Emails Sent" value={formatNumber(stats.totalEmails)} />
      <StatCard label="Total Clicks" value={formatNumber(stats.totalClicks)} />
    </InlineGrid>
  );
}
