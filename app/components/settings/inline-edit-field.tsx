import { BlockStack, Button, ButtonGroup, InlineStack, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useUnsavedChanges } from "~/components/unsaved-changes";

type Props = {
  label: string;
  /** What read-only mode shows (a secret arrives masked). */
  value: string;
  emptyText?: string;
  type?: "text" | "url" | "password";
  helpText?: string;
  /** The server's reason for refusing the last save, shown on the field. */
  error?: string;
  /** Secrets are typed afresh; other fields start from their current value. */
  startEmpty?: boolean;
  /** Applied to every keystroke (e.g. the access token drops non-ASCII characters, SPEC §5). */
  clean?: (input: string) => string;
  /** Whether saving an empty value is meaningful (clearing a custom domain); otherwise Save is disabled. */
  allowEmpty?: boolean;
  /** Several lines (a PEM key); shown as typed while editing, so not for a password. */
  multiline?: boolean;
  /** Offers "Remove" beside Edit while a value is set (a secret that an empty save would keep). */
  onRemove?: () => void;
  /**
   * Resolves true when saved, which returns the field to read-only mode; false when the failure was
   * reported elsewhere, or the reason to show on the field.
   */
  onSave: (value: string) => Promise<boolean | { refused: string }>;
};

/** SPEC §4 settings inline edits: read-only with Edit, or an input with Save and Cancel. */
export function InlineEditField({
  label,
  value,
  emptyText = "Not set",
  type = "text",
  helpText,
  error,
  startEmpty = false,
  clean = (input) => input,
  allowEmpty = false,
  multiline = false,
  onRemove,
  onSave,
}: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();

  function edit() {
    setDraft(startEmpty ? "" : value);
    setRefusal(undefined);
    setEditing(true);
  }

  async function save() {
    setSaving(true);
    try {
      const result = await onSave(draft.trim());
      if (result === true) setEditing(false);
      else if (result) setRefusal(result.refused);
    } finally {
      setSaving(false);
    }
  }

  useUnsavedChanges(editing && draft.trim() !== (startEmpty ? "" : value), {
    save,
    discard: () => setEditing(false),
  });

  if (!editing) {
    const editButton = (
      <Button onClick={edit} accessibilityLabel={`Edit ${label}`}>
        Edit
      </Button>
    );
    return (
      <TextField
        label={label}
        value={value || emptyText}
        readOnly
        autoComplete="off"
        helpText={helpText}
        connectedRight={
          onRemove && value ? (
            <ButtonGroup variant="segmented">
              {editButton}
              <Button onClick={onRemove} accessibilityLabel={`Remove ${label}`}>
                Remove
              </Button>
            </ButtonGroup>
          ) : (
            editButton
          )
        }
      />
    );
  }
  return (
    <BlockStack gap="200">
      <TextField
        label={label}
        type={type}
        multiline={multiline ? 4 : undefined}
        value={draft}
        onChange={(next) => {
          setRefusal(undefined);
          setDraft(clean(next));
        }}
        autoComplete={type === "password" ? "new-password" : "off"}
        spellCheck={multiline ? false : undefined}
        helpText={helpText}
        error={error ?? refusal}
        autoFocus
      />
      <InlineStack gap="200">
        <Button
          size="slim"
          variant="primary"
          onClick={save}
          disabled={!allowEmpty && !draft.trim()}
          loading={saving}
        >
          Save
        </Button>
        <Button size="slim" onClick={() => setEditing(false)} disabled={saving}>
          Cancel
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
