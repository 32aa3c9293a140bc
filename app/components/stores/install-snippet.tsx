import { BlockStack, InlineStack, List, Text, TextField } from "@shopify/polaris";
import { CopyButton } from "~/components/copy-button";
import { useToast } from "~/components/toast";
import type { IntegrationType } from "~/lib/schemas/stores";

type Props = {
  script: string;
  integrationType: IntegrationType;
  /** The Copy button's confirmation (onboarding: 'Copied'; the Integration page: 'Copied!' and a toast). */
  copiedLabel?: string;
  onCopied?: () => void;
};

/** Step 3 (SPEC §2): the read-only install snippet with Copy, and where to paste it. */
export function InstallSnippet({ script, integrationType, copiedLabel, onCopied }: Props) {
  const toast = useToast();
  return (
    <BlockStack gap="400">
      <TextField label="Install script" value={script} readOnly multiline={3} autoComplete="off" monospaced />
      <InlineStack>
        <CopyButton
          text={script}
          copiedLabel={copiedLabel}
          onCopied={onCopied}
          onFailed={() =>
            toast({ title: "Error", message: "Failed to copy script to clipboard", tone: "critical" })
          }
        />
      </InlineStack>
      {integrationType === "shopify" ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Add it to your theme
          </Text>
          <List type="number">
            <List.Item>In your Shopify admin, go to Online Store → Themes.</List.Item>
            <List.Item>Next to your current theme, click Actions → Edit Code.</List.Item>
            <List.Item>Under Layout, open theme.liquid.</List.Item>
            <List.Item>Paste the script just before the closing &lt;/head&gt; tag and click Save.</List.Item>
          </List>
        </BlockStack>
      ) : (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Add it to your site
          </Text>
          <Text as="p">
            Paste the script inside the &lt;head&gt; of every page of your site (for most site builders:
            Settings → Custom code → Head), then publish.
          </Text>
        </BlockStack>
      )}
    </BlockStack>
  );
}
