import { Badge, BlockStack, Button, Card, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useId } from "react";
import type { Received } from "~/lib/api-client";
import { formatDateTime, formatNumber } from "~/lib/format";
import type { CampaignDetail } from "~/lib/schemas/campaign-views";

type Props = {
  campaign: Pick<Received<CampaignDetail>, "status" | "progress" | "finishedAt">;
  busy: boolean;
  onPause: () => void;
  onResume: () => void;
};

/** Where the send stands: how many of the frozen recipients are done, and Pause or Resume. */
export function ProgressCard({ campaign, busy, onPause, onResume }: Props) {
  const textId = useId();
  const { status, progress } = campaign;
  const done = progress.sent + progress.failed + progress.skipped;
  const percent = progress.total > 0 ? Math.round((done / progress.total) * 100) : 100;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Delivery
            </Text>
            {status === "sent" ? <Badge tone="success">Done</Badge> : null}
            {status === "paused" ? <Badge tone="warning">Paused</Badge> : null}
          </InlineStack>
          {status === "sending" ? (
            <Button onClick={onPause} loading={busy}>
              Pause
            </Button>
          ) : null}
          {status === "paused" ? (
            <Button variant="primary" onClick={onResume} loading={busy}>
              Resume
            </Button>
          ) : null}
        </InlineStack>
        <ProgressBar
          progress={percent}
          tone={status === "sent" ? "success" : "highlight"}
          animated={status === "sending"}
          ariaLabelledBy={textId}
        />
        <Text as="p" id={textId}>
          <span data-testid="campaign-progress">
            {formatNumber(progress.sent)} of {formatNumber(progress.total)} sent
          </span>
          {progress.failed > 0 ? ` · ${formatNumber(progress.failed)} failed` : ""}
          {progress.skipped > 0 ? ` · ${formatNumber(progress.skipped)} skipped` : ""}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {status === "sent" && `Finished ${formatDateTime(campaign.finishedAt)}.`}
          {status === "sending" && "Sending at the store's rate; this page follows along."}
          {status === "paused" &&
            "Nobody else receives it until you resume; those already sent are not sent again."}
        </Text>
      </BlockStack>
    </Card>
  );
}
