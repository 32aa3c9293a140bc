import { BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { ArrowDownIcon, ArrowUpIcon } from "@shopify/polaris-icons";
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { ConfirmModal } from "~/components/confirm-modal";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import { MAX_POPUPS_PER_STORE } from "../../../popup/config";
import { CreatePopupModal, type NewPopupStart } from "./create-popup-modal";
import { publicationOf, StatusBadge, UnpublishedBadge } from "./publish-bar";
import type { Publication } from "./types";

/** A popup as the list shows it; the selected one reflects the editor's unsaved-yet name and status. */
export type PopupSummary = Publication & { id: string; name: string; variantCount: number };

type Props = {
  storeId: string;
  storeName: string;
  popups: PopupSummary[];
  selectedId: string;
  /** Hears where the popup open in the editor stands after it was paused or resumed here. */
  onSelectedChange: (publication: Publication) => void;
};

const variantText = (count: number) => (count > 1 ? `A/B test: ${count} variants` : "No A/B test");

/** The store's popups in priority order (the first that matches a page shows), and what can be done to them. */
export function PopupListCard({ storeId, storeName, popups, selectedId, onSelectedChange }: Props) {
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const { pending, run } = useAction();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PopupSummary | null>(null);
  const base = `/api/stores/${storeId}/popups`;

  const select = (popupId: string | null) =>
    setSearchParams((params) => {
      if (popupId) params.set("popup", popupId);
      else params.delete("popup");
      return params;
    });

  async function create(body: NewPopupStart | { duplicateOf: string }) {
    await run(async () => {
      const popup = await apiRequest<{ id: string }>("POST", base, body);
      setCreating(false);
      select(popup.id);
    }, "Failed to create the popup");
  }

  async function move(index: number, by: -1 | 1) {
    const ids = popups.map((popup) => popup.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    await run(async () => {
      await apiRequest("PUT", `${base}/order`, { popupIds: ids });
      await revalidator.revalidate();
    }, "Failed to reorder the popups");
  }

  /** Pausing and resuming act at once: they change no content, only whether shoppers see the published popup. */
  async function setStatus(popup: PopupSummary, status: "live" | "paused") {
    await run(async () => {
      const saved = await apiRequest<Publication>("PUT", `${base}/${popup.id}`, { status });
      if (popup.id === selectedId) onSelectedChange(publicationOf(saved));
      await revalidator.revalidate();
    }, "Failed to update popup configuration");
  }

  async function remove(popup: PopupSummary) {
    await run(async () => {
      await apiRequest("DELETE", `${base}/${popup.id}`);
      if (popup.id === selectedId) select(null);
      else await revalidator.revalidate();
    }, "Failed to delete the popup");
    setDeleting(null);
  }

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack gap="050">
            <Text as="h2" variant="headingMd">
              Popups
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              When several live popups match a page, the first one in this order shows. The order applies to
              your site at once; drafts show only once published.
            </Text>
          </BlockStack>
          <Button
            onClick={() => setCreating(true)}
            disabled={popups.length >= MAX_POPUPS_PER_STORE || pending}
          >
            Create popup
          </Button>
        </InlineStack>
        <ol className="np-popup-list" aria-label="Popups in priority order">
          {popups.map((popup, index) => (
            <li key={popup.id} aria-current={popup.id === selectedId ? "true" : undefined}>
              <Box
                padding="300"
                borderRadius="200"
                background={popup.id === selectedId ? "bg-surface-selected" : undefined}
              >
                <BlockStack gap="200">
                  <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                    <InlineStack gap="200" blockAlign="center">
                      <Text as="span" variant="bodySm" tone="subdued">
                        {index + 1}.
                      </Text>
                      {popup.id === selectedId ? (
                        <Text as="span" variant="bodyMd" fontWeight="semibold" breakWord>
                          {popup.name}
                        </Text>
                      ) : (
                        <Button
                          variant="plain"
                          onClick={() => select(popup.id)}
                          accessibilityLabel={`Edit ${popup.name}`}
                        >
                          {popup.name}
                        </Button>
                      )}
                    </InlineStack>
                    <InlineStack gap="100" wrap={false}>
                      {popup.hasUnpublishedChanges ? <UnpublishedBadge /> : null}
                      <StatusBadge status={popup.status} />
                    </InlineStack>
                  </InlineStack>
                  <InlineStack align="space-between" blockAlign="center" gap="200">
                    <Text as="span" variant="bodySm" tone="subdued">
                      {variantText(popup.variantCount)}
                    </Text>
                    <InlineStack gap="100">
                      <Button
                        size="slim"
                        icon={ArrowUpIcon}
                        accessibilityLabel={`Move ${popup.name} up`}
                        disabled={index === 0 || pending}
                        onClick={() => void move(index, -1)}
                      />
                      <Button
                        size="slim"
                        icon={ArrowDownIcon}
                        accessibilityLabel={`Move ${popup.name} down`}
                        disabled={index === popups.length - 1 || pending}
                        onClick={() => void move(index, 1)}
                      />
                      <Button
                        size="slim"
                        accessibilityLabel={`Duplicate ${popup.name}`}
                        disabled={popups.length >= MAX_POPUPS_PER_STORE || pending}
                        onClick={() => void create({ duplicateOf: popup.id })}
                      >
                        Duplicate
                      </Button>
                      {popup.status === "draft" ? null : (
                        <Button
                          size="slim"
                          accessibilityLabel={`${popup.status === "live" ? "Pause" : "Resume"} ${popup.name}`}
                          disabled={pending}
                          onClick={() => void setStatus(popup, popup.status === "live" ? "paused" : "live")}
                        >
                          {popup.status === "live" ? "Pause" : "Resume"}
                        </Button>
                      )}
                      <Button
                        size="slim"
                        tone="critical"
                        accessibilityLabel={`Delete ${popup.name}`}
                        disabled={pending}
                        onClick={() => setDeleting(popup)}
                      >
                        Delete
                      </Button>
                    </InlineStack>
                  </InlineStack>
                </BlockStack>
              </Box>
            </li>
          ))}
        </ol>
      </BlockStack>
      <CreatePopupModal
        open={creating}
        defaultName={`Popup ${popups.length + 1}`}
        storeName={storeName}
        busy={pending}
        onCreate={(start) => void create(start)}
        onCancel={() => setCreating(false)}
      />
      <ConfirmModal
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? "popup"}?`}
        message="The popup stops showing on your site and its A/B test results are deleted. This cannot be undone."
        confirmLabel="Delete popup"
        busy={pending}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
