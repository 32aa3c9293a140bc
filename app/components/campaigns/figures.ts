import { formatDate, formatDateTime, formatNumber } from "~/lib/format";
import type { CampaignAudience, CampaignStatus } from "~/lib/schemas/campaigns";

/** "12.5%": a rate the API gives as a percentage with one decimal. */
export const rateText = (rate: number) => `${rate.toFixed(1)}%`;

/** Nothing has gone out before a campaign starts: its figures read "—" rather than zeros. */
export function figureText(status: CampaignStatus, value: string | number): string {
  if (status === "draft" || status === "scheduled") return "—";
  return typeof value === "number" ? formatNumber(value) : value;
}

type Dated = {
  status: CampaignStatus;
  createdAt: Date | string;
  scheduledAt: Date | string | null;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
};

/** The moment that matters for the campaign's state: sent, started, scheduled for, or created. */
export function campaignDateText(campaign: Dated): string {
  switch (campaign.status) {
    case "sent":
      return `Sent ${formatDate(campaign.finishedAt ?? campaign.startedAt)}`;
    case "sending":
    case "paused":
      return `Started ${formatDate(campaign.startedAt)}`;
    case "scheduled":
      return `Scheduled for ${formatDateTime(campaign.scheduledAt)}`;
    default:
      return `Created ${formatDate(campaign.createdAt)}`;
  }
}

/** "1 subscriber", "1,250 subscribers". */
export const subscribersText = (count: number) =>
  `${formatNumber(count)} ${count === 1 ? "subscriber" : "subscribers"}`;

function dateRangeText(from: string | null, to: string | null): string | null {
  if (from && to) return `Subscribed ${formatDate(from)} – ${formatDate(to)}`;
  if (from) return `Subscribed from ${formatDate(from)}`;
  if (to) return `Subscribed until ${formatDate(to)}`;
  return null;
}

const CODE_USED_TEXT = { any: null, yes: "Used their code", no: "Code not used yet" } as const;

/** The audience in words: "Subscribed from Nov 1, 2026 · Search "gold" · Code not used yet". */
export function audienceText(audience: CampaignAudience): string {
  const parts = [
    dateRangeText(audience.from, audience.to),
    audience.search ? `Search "${audience.search}"` : null,
    CODE_USED_TEXT[audience.codeUsed],
    audience.confirmedOnly ? "Confirmed addresses only" : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(" · ") : "All active subscribers";
}
