import { BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { type ReactNode, useState } from "react";
import { ConfirmModal } from "~/components/confirm-modal";
import { InstallSnippet } from "~/components/stores/install-snippet";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest, type Received } from "~/lib/api-client";
import { formatDateTime } from "~/lib/format";
import type { IntegrationScript } from "~/lib/schemas/stores";
import { StepHeading } from "./step-heading";

type ScriptView = Received<IntegrationScript>;

type Props = {
  storeId: string;
  initial: ScriptView;
  installed: boolean;
  /** Shown above the script: where it goes on a platform with its own way (a Shopify theme). */
  caveat?: ReactNode;
};

/**
 * Step 2 for a site that is not on Shopify: the install script with Copy and Regenerate (a new version
 * retires the old tag). Shopify stores turn on the app embed instead (app-embed-step.tsx), unless this
 * server has no Shopify app credentials: then they get the script, with the caveat of shopify-script-caveat.
 */
export function ScriptStep({ storeId, initial, installed, caveat }: Props) {
  const toast = useToast();
  const [view, setView] = useState(initial);
  const [confirming, setConfirming] = useState(false);
  const { pending: regenerating, run } = useAction();

  async function regenerate() {
    await run(async () => {
      setView(
        await apiRequest<ScriptView>("GET", `/api/stores/${storeId}/integration-script?regenerate=true`),
      );
      toast({
        title: "Success",
        message: "New script generated: replace the old one on your site",
        tone: "success",
      });
    }, "Failed to regenerate script");
    setConfirming(false);
  }

  return (
    <Card>
      <BlockStack gap="400">
        <StepHeading step={2} title="Integrate Newsletter" done={installed} />
        {caveat}
        <InstallSnippet
          script={view.script}
          copiedLabel="Copied!"
          onCopied={() => toast({ message: "Script copied to clipboard", tone: "success" })}
          siteBuilderHint={!caveat}
        />
        <InlineStack gap="300" blockAlign="center" wrap>
          <Button onClick={() => setConfirming(true)} loading={regenerating}>
            Regenerate
          </Button>
          <Text as="span" tone="subdued">
            {view.activeScriptVersion
              ? `Version ${view.activeScriptVersion}, issued ${formatDateTime(view.activeScriptTimestamp)}`
              : "Original version"}
          </Text>
        </InlineStack>
      </BlockStack>
      <ConfirmModal
        open={confirming}
        title="Regenerate the install script?"
        message="The script on your site stops showing the popup until you replace it with the new one."
        confirmLabel="Regenerate"
        busy={regenerating}
        onConfirm={regenerate}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
