import {
  Card,
  IndexTable,
  type IndexTableProps,
  InlineStack,
  Link,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import { StackedList } from "~/components/stacked-list";
import type { Received } from "~/lib/api-client";
import type { CampaignListItem } from "~/lib/schemas/campaign-views";
import { campaignDateText, figureText, rateText } from "./figures";
import { campaignPath } from "./paths";
import { CampaignStatusBadge } from "./status-badge";

type Props = { storeId: string; campaigns: Received<CampaignListItem>[] };

const resourceName = { singular: "campaign", plural: "campaigns" };
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
  const { smDown } = useBreakpoints();
  return (
    <Card padding="0">
      {smDown ? (
        <StackedList label="Campaigns" items={campaigns}>
          {(campaign) => (
            <>
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Link url={campaignPath(storeId, campaign.id)} removeUnderline>
                  <Text as="span" fontWeight="semibold" breakWord>
                    {campaign.name}
                  </Text>
                </Link>
                <CampaignStatusBadge status={campaign.status} />
              </InlineStack>
              <Text as="p" variant="bodySm" tone="subdued">
                Recipients: {figureText(campaign.status, campaign.recipients)} · Delivered:{" "}
                {figureText(campaign.status, campaign.delivered)} · Click rate:{" "}
                {figureText(campaign.status, rateText(campaign.clickRate))}
              </Text>
              <Text as="p" variant="bodySm" tone="subdued">
                {campaignDateText(campaign)}
              </Text>
            </>
          )}
        </StackedList>
      ) : (
        <IndexTable
          resourceName={resourceName}
          itemCount={campaigns.length}
          headings={headings}
          selectable={false}
        >
          {campaigns.map((campaign, index) => (
            <IndexTable.Row id={campaign.id} key={campaign.id} position={index}>
              <IndexTable.Cell>
                <Link url={campaignPath(storeId, campaign.id)} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {campaign.name}
                  </Text>
                </Link>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <CampaignStatusBadge status={campaign.status} />
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {figureText(campaign.status, campaign.recipients)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {figureText(campaign.status, campaign.delivered)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {figureText(campaign.status, rateText(campaign.clickRate))}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{campaignDateText(campaign)}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      )}
    </Card>
  );
}
