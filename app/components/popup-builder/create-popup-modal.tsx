import { Form, Modal, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";

type Props = {
  open: boolean;
  defaultName: string;
  busy: boolean;
  onCreate: (name: string) => void;
  onCancel: () => void;
};

/** Asks for the new popup's name; the suggested "Popup N" is kept when the merchant just confirms. */
export function CreatePopupModal({ open, defaultName, busy, onCreate, onCancel }: Props) {
  const [name, setName] = useState(defaultName);
  useEffect(() => {
    if (open) setName(defaultName);
  }, [open, defaultName]);
  const submit = () => onCreate(name.trim() || defaultName);

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Create popup"
      primaryAction={{ content: "Create popup", onAction: submit, loading: busy }}
      secondaryActions={[{ content: "Cancel", onAction: onCancel }]}
    >
      <Modal.Section>
        <Form onSubmit={submit}>
          <TextField
            label="Name of the new popup"
            value={name}
            onChange={setName}
            helpText="Only you see this name."
            autoComplete="off"
            maxLength={80}
          />
        </Form>
      </Modal.Section>
    </Modal>
  );
}
