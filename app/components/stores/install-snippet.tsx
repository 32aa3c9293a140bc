import { BlockStack, InlineStack, Text, TextField } from "@shopify/polaris";
import { CopyButton } from "~/components/copy-button";
import { useToast } from "~/components/toast";

type Props = {
  script: string;
  /** The Copy button's confirmation (onboarding: 'Copied'; the Integration page: 'Copied!' and a toast). */
  copiedLabel?: string;
  onCopied?: () => void;
  /** Where it goes on a site builder; off where a caveat beside it says where it goes (a Shopify theme). */
  siteBuilderHint?: boolean;
};

/**
 * Step 3 (SPEC §2): the read-only install snippet with Copy, and where to paste it in a site's head. Only
 * for sites that are not on Shopify: a Shopify store turns on the app embed (app-embed-step.tsx), as
 * shopify.dev requires of App Store apps (no theme code edits).
 */
export function InstallSnippet({ script, copiedLabel, onCopied, siteBuilderHint = true }: Props) {
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
      {siteBuilderHint ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            Add it to your site
          </Text>
          <Text as="p">
            Paste the script inside the &lt;head&gt; of every page of your site (for most site builders:
            Settings → Custom code → Head), then publish.
          </Text>
        </BlockStack>
      ) : null}
    </BlockStack>
  );
}
