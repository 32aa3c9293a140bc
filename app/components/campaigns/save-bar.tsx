import { Box, Button, ButtonGroup, InlineStack, Text } from "@shopify/polaris";
import { useEmbedded } from "~/components/embedded";

type Props = { dirty: boolean; saving: boolean; onSave: () => void; onDiscard: () => void };

/**
 * Whether the campaign on screen is saved, with Save and Discard while it is not; stays in view while scrolling.
 * Inside the Shopify admin, App Bridge's contextual save bar (UnsavedChangesProvider) does this instead.
 */
export function SaveBar({ dirty, saving, onSave, onDiscard }: Props) {
  const embedded = useEmbedded();
  if (embedded) return null;
  return (
    <div className="np-save-bar">
      <Box
        padding="300"
        background={dirty ? "bg-surface-warning" : "bg-surface"}
        borderColor="border"
        borderWidth="025"
        borderRadius="200"
        shadow="200"
      >
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="p" fontWeight="medium" tone={dirty ? undefined : "subdued"}>
            {dirty ? "Unsaved changes" : "All changes saved"}
          </Text>
          <ButtonGroup>
            <Button onClick={onDiscard} disabled={!dirty || saving}>
              Discard
            </Button>
            <Button variant="primary" onClick={onSave} disabled={!dirty} loading={saving}>
              Save
            </Button>
          </ButtonGroup>
        </InlineStack>
      </Box>
    </div>
  );
}
