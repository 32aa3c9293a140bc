import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { formatDateTime } from "~/lib/format";
import { subscribersText } from "./figures";

type Props = {
  scheduledAt: Date | string | null;
  audienceCount: number;
  busy: boolean;
  onCancel: () => void;
};

/** A scheduled campaign waits for its time; cancelling takes it back to a draft, to edit or send later. */
export function ScheduledCard({ scheduledAt, audienceCount, busy, onCancel }: Props) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Scheduled
          </Text>
          <Button onClick={onCancel} loading={busy}>
            Cancel schedule
          </Button>
        </InlineStack>
        <Text as="p">
          Goes out on {formatDateTime(scheduledAt)} to the subscribers its audience matches then (
          {subscribersText(audienceCount)} today).
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          Cancel the schedule to change the campaign; it becomes a draft again.
        </Text>
      </BlockStack>
    </Card>
  );
}
