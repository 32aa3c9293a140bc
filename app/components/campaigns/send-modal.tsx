import { BlockStack, Checkbox, Modal, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { DateTimeField } from "~/components/popup-builder/date-time-field";
import { NO_POSTAL_ADDRESS, sendCampaignSchema } from "~/lib/schemas/campaign-sending";
import { subscribersText } from "./figures";

type Props = {
  open: boolean;
  /** How many subscribers the saved audience matches now. */
  count: number;
  /** The saved footer has no postal address: the campaign cannot be sent yet. */
  missingAddress: boolean;
  busy: boolean;
  /** `scheduledAt`: an ISO instant to send at, or null to send now. */
  onSend: (scheduledAt: string | null) => void;
  onClose: () => void;
};

/** The last question before a campaign goes out: now, or at a chosen time. */
export function SendModal({ open, count, missingAddress, busy, onSend, onClose }: Props) {
  const [scheduling, setScheduling] = useState(false);
  const [scheduledAt, setScheduledAt] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    setScheduling(false);
    setScheduledAt(null);
    setError(undefined);
  }, [open]);

  function confirm() {
    if (!scheduling) return onSend(null);
    if (!scheduledAt) return setError("Pick the day and time to send at");
    const parsed = sendCampaignSchema.safeParse({ scheduledAt });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onSend(scheduledAt);
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Send campaign"
      primaryAction={{
        content: scheduling ? "Schedule" : "Send now",
        onAction: confirm,
        loading: busy,
        disabled: missingAddress,
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {missingAddress ? (
            <Text as="p" tone="critical">
              {NO_POSTAL_ADDRESS}
            </Text>
          ) : null}
          {count === 0 ? (
            <Text as="p" tone="critical">
              No subscriber matches this campaign's audience yet: widen the audience before sending.
            </Text>
          ) : null}
          <Text as="p" variant="headingMd">
            {scheduling
              ? `Send to ${subscribersText(count)} later?`
              : `Send to ${subscribersText(count)} now?`}
          </Text>
          <Checkbox
            label="Schedule for later"
            checked={scheduling}
            onChange={(checked) => {
              setScheduling(checked);
              setError(undefined);
            }}
          />
          {scheduling ? (
            <DateTimeField
              label="Send at"
              value={scheduledAt}
              onChange={(value) => {
                setScheduledAt(value);
                setError(undefined);
              }}
              error={error}
              hint="Who receives it is counted again when it starts."
            />
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
