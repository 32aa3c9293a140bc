import { BlockStack, Card, Text } from "@shopify/polaris";
import type { Received } from "~/lib/api-client";
import { formatDateTime } from "~/lib/format";
import type { CampaignDetail, StoreSender } from "~/lib/schemas/campaign-views";
import { audienceText } from "./figures";

type Props = { campaign: Received<CampaignDetail>; sender: StoreSender };

function Line({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="050">
      <Text as="p" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="p" breakWord>
        {value}
      </Text>
    </BlockStack>
  );
}

/** The campaign as it went (or goes) out; it can no longer be changed. */
export function SummaryCard({ campaign, sender }: Props) {
  const from = campaign.fromName || sender.fromName || sender.fromEmail || "The store's email settings";
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Summary
        </Text>
        <Line label="Subject" value={campaign.subject} />
        {campaign.preheader ? <Line label="Preheader" value={campaign.preheader} /> : null}
        <Line label="From" value={from} />
        <Line label="Audience" value={audienceText(campaign.audience)} />
        <Line label="Created" value={formatDateTime(campaign.createdAt)} />
        {campaign.startedAt ? <Line label="Started" value={formatDateTime(campaign.startedAt)} /> : null}
        {campaign.finishedAt ? <Line label="Finished" value={formatDateTime(campaign.finishedAt)} /> : null}
      </BlockStack>
    </Card>
  );
}
