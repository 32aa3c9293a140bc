import { Badge, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { ConfirmModal } from "~/components/confirm-modal";
import type { Publication } from "./types";

type Props = {
  publication: Publication;
  /** The demo page showing this popup's working copy (what is saved), for the merchant only. */
  previewUrl: string;
  /** Publishing waits while an edit is unsaved or refused: it would publish less than the screen shows. */
  canPublish: boolean;
  busy: boolean;
  onPublish: () => void;
  onDiscard: () => void;
};

/** Where a popup the API answered with stands. */
export const publicationOf = ({ status, hasUnpublishedChanges }: Publication): Publication => ({
  status,
  hasUnpublishedChanges,
});

/** The badge of a popup's status, in the publish bar and the popup list. */
export function StatusBadge({ status }: { status: Publication["status"] }) {
  if (status === "live") return <Badge tone="success">Live</Badge>;
  if (status === "paused") return <Badge>Paused</Badge>;
  return <Badge tone="info">Draft</Badge>;
}

export function UnpublishedBadge() {
  return <Badge tone="attention">Unpublished changes</Badge>;
}

/** What the merchant's edits mean for shoppers, in a sentence. */
function explanation({ status, hasUnpublishedChanges }: Publication): string {
  if (status === "draft") return "Shoppers don't see this draft. Publish it to show it on your site.";
  if (!hasUnpublishedChanges)
    return status === "live"
      ? "Shoppers see this popup as it is here."
      : "Paused: shoppers don't see this popup. Publish it to show it again.";
  return status === "live"
    ? "Your changes are saved but not published: shoppers still see the published version."
    : "Your changes are saved but not published. Publishing also shows the paused popup again.";
}

/**
 * The popup's status with shoppers, and its Publish and Discard changes (docs/decisions/212): edits are
 * saved as they are made, but only publishing shows them on the site.
 */
export function PublishBar({ publication, previewUrl, canPublish, busy, onPublish, onDiscard }: Props) {
  const [confirming, setConfirming] = useState(false);
  const nothingToPublish = publication.status === "live" && !publication.hasUnpublishedChanges;
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            <StatusBadge status={publication.status} />
            {publication.hasUnpublishedChanges ? <UnpublishedBadge /> : null}
          </InlineStack>
          <InlineStack gap="200">
            {nothingToPublish ? null : (
              <Button url={previewUrl} target="_blank">
                Preview on demo page
              </Button>
            )}
            {publication.hasUnpublishedChanges ? (
              <Button disabled={busy} onClick={() => setConfirming(true)}>
                Discard changes
              </Button>
            ) : null}
            <Button
              variant="primary"
              disabled={nothingToPublish || !canPublish}
              loading={busy && !confirming}
              onClick={onPublish}
            >
              Publish
            </Button>
          </InlineStack>
        </InlineStack>
        <Text as="p" variant="bodySm" tone="subdued">
          {explanation(publication)}
        </Text>
      </BlockStack>
      <ConfirmModal
        open={confirming}
        title="Discard unpublished changes?"
        message="The popup goes back to its published version, as shoppers see it. Your unpublished changes are deleted. This cannot be undone."
        confirmLabel="Discard changes"
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          onDiscard();
        }}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
