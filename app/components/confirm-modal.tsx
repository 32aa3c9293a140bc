import { Modal, Text } from "@shopify/polaris";

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A destructive confirmation (delete store, member, subscriber, analytics rows). */
export function ConfirmModal({ open, title, message, confirmLabel, busy, onConfirm, onCancel }: Props) {
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
