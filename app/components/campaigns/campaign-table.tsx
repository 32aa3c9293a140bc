import type { IndexTableProps } from "@shopify/polaris";
import { LinkTable, NumberCell } from "~/components/link-table";
import type { Received } from "~/lib/api-client";
import type { CampaignListItem } from "~/lib/schemas/campaign-views";
import { campaignDateText, figureText, rateText } from "./figures";
import { campaignPath } from "./paths";
import { CampaignStatusBadge } from "./status-badge";

type Props = { storeId: string; campaigns: Received<CampaignListItem>[] };

const headings: IndexTableProps["headings"] = [
  { title: "Campaign" },
  { title: "Status" },
  { title: "Recipients", alignment: "end" },
  { title: "Delivered", alignment: "end" },
  { title: "Click rate", alignment: "end" },
  { title: "Date" },
];

/** The store's campaigns, newest first, with their headline figures; a row opens the campaign. */
export function CampaignTable({ storeId, campaigns }: Props) {
  return (
    <LinkTable
      label="Campaigns"
      resourceName={{ singular: "campaign", plural: "campaigns" }}
      headings={headings}
      items={campaigns}
      pathOf={(campaign) => campaignPath(storeId, campaign.id)}
      badge={(campaign) => <CampaignStatusBadge status={campaign.status} />}
      cells={(campaign) => [
        <CampaignStatusBadge key="status" status={campaign.status} />,
        <NumberCell key="recipients">{figureText(campaign.status, campaign.recipients)}</NumberCell>,
        <NumberCell key="delivered">{figureText(campaign.status, campaign.delivered)}</NumberCell>,
        <NumberCell key="rate">{figureText(campaign.status, rateText(campaign.clickRate))}</NumberCell>,
        campaignDateText(campaign),
      ]}
      lines={(campaign) => [
        `Recipients: ${figureText(campaign.status, campaign.recipients)} · Delivered: ${figureText(campaign.status, campaign.delivered)} · Click rate: ${figureText(campaign.status, rateText(campaign.clickRate))}`,
        campaignDateText(campaign),
      ]}
    />
  );
}
