import { Badge, type BadgeProps } from "@shopify/polaris";
import type { CampaignStatus } from "~/lib/schemas/campaigns";

const BADGES: Record<CampaignStatus, { label: string; tone?: BadgeProps["tone"] }> = {
  draft: { label: "Draft" },
  scheduled: { label: "Scheduled", tone: "info" },
  sending: { label: "Sending", tone: "attention" },
  paused: { label: "Paused", tone: "warning" },
  sent: { label: "Sent", tone: "success" },
  cancelled: { label: "Cancelled", tone: "critical" },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { label, tone } = BADGES[status];
  return <Badge tone={tone}>{label}</Badge>;
}
