import { Modal as AppBridgeModal, TitleBar } from "@shopify/app-bridge-react";
import { Box, Modal, Text } from "@shopify/polaris";
import { useRef } from "react";
import { useEmbedded } from "./embedded";

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A destructive confirmation (delete store, member, subscriber, analytics rows): inside the Shopify admin
 * App Bridge's modal, drawn by the admin over the whole page; standalone Polaris's.
 */
export function ConfirmModal(props: Props) {
  const embedded = useEmbedded();
  if (!embedded) return <PolarisConfirmModal {...props} />;
  // Mounted only while open: App Bridge's <ui-modal> takes its content out of the app's tree as soon as the
  // element exists, so a closed modal on a server-rendered page would make the page fail to hydrate.
  return props.open ? <AdminConfirmModal {...props} /> : null;
}

function PolarisConfirmModal({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      primaryAction={{ content: confirmLabel, destructive: true, onAction: onConfirm, loading: busy }}
      secondaryActions={[{ content: "Cancel", onAction: onCancel }]}
    >
      <Modal.Section>
        <Text as="p">{message}</Text>
      </Modal.Section>
    </Modal>
  );
}

function AdminConfirmModal({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: Props) {
  // App Bridge reports every hide, also the one that follows `open` turning false: only a modal still meant
  // to be open was closed by the merchant (its close button or Escape).
  const meantOpen = useRef(open);
  meantOpen.current = open;
  return (
    <AppBridgeModal open={open} onHide={() => meantOpen.current && onCancel()}>
      <Box padding="400">
        <Text as="p">{message}</Text>
      </Box>
      <TitleBar title={title}>
        <button
          type="button"
          variant="primary"
          tone="critical"
          loading={busy ? "" : undefined}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </TitleBar>
    </AppBridgeModal>
  );
}
