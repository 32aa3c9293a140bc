import { BlockStack, ChoiceList, Form, InlineGrid, Modal, Text, TextField } from "@shopify/polaris";
import { useEffect, useMemo, useState } from "react";
import { POPUP_TEMPLATES, type PopupTemplateFields, templatePreviewConfig } from "~/lib/popup-templates";
import { DeviceSwitch } from "./device-switch";
import { PopupPreview, type PreviewDevice } from "./popup-preview";

/** What a new popup starts from: a template's fields, or none (the defaults). */
export type NewPopupStart = { name: string } & Partial<PopupTemplateFields>;

type Props = {
  open: boolean;
  defaultName: string;
  /** The store's name, as the template previews' consent sentences show it. */
  storeName: string;
  busy: boolean;
  onCreate: (start: NewPopupStart) => void;
  onCancel: () => void;
};

const BLANK = "blank";
const choices = [
  { label: "Blank popup", value: BLANK, helpText: "The default popup, to build from scratch." },
  ...POPUP_TEMPLATES.map(({ id, name, description }) => ({ label: name, value: id, helpText: description })),
];

/**
 * Asks for the new popup's name and its starting point (docs/decisions/185): blank or one of the templates,
 * shown in the storefront's own render as the merchant chooses. The suggested "Popup N" is kept when the
 * merchant just confirms.
 */
export function CreatePopupModal({ open, defaultName, storeName, busy, onCreate, onCancel }: Props) {
  const [name, setName] = useState(defaultName);
  const [templateId, setTemplateId] = useState(BLANK);
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  useEffect(() => {
    if (open) setName(defaultName);
  }, [open, defaultName]);
  const template = POPUP_TEMPLATES.find(({ id }) => id === templateId);
  const preview = useMemo(
    () =>
      template &&
      templatePreviewConfig(template, {
        name: storeName,
        socialLinks: {},
        privacyPolicyUrl: null,
        currency: "USD",
        isShopify: false,
      }),
    [template, storeName],
  );
  const submit = () => onCreate({ ...template?.popup, name: name.trim() || defaultName });

  return (
    <Modal
      open={open}
      onClose={onCancel}
      size="large"
      title="Create popup"
      primaryAction={{ content: "Create popup", onAction: submit, loading: busy }}
      secondaryActions={[{ content: "Cancel", onAction: onCancel }]}
    >
      <Modal.Section>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <Form onSubmit={submit}>
            <BlockStack gap="400">
              <TextField
                label="Name of the new popup"
                value={name}
                onChange={setName}
                helpText="Only you see this name."
                autoComplete="off"
                maxLength={80}
              />
              <ChoiceList
                title="Start from"
                choices={choices}
                selected={[templateId]}
                onChange={([chosen]) => setTemplateId(chosen ?? BLANK)}
              />
            </BlockStack>
          </Form>
          <div data-testid="template-preview">
            {preview ? (
              <BlockStack gap="200">
                <DeviceSwitch device={device} onChange={setDevice} />
                <PopupPreview key={templateId} config={preview} fullscreen={false} device={device} />
              </BlockStack>
            ) : (
              <Text as="p" tone="subdued">
                The blank popup starts with the default texts and design; change everything in the builder.
              </Text>
            )}
          </div>
        </InlineGrid>
      </Modal.Section>
    </Modal>
  );
}
