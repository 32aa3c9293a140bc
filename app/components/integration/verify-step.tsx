import { Banner, BlockStack, Button, Card, Text } from "@shopify/polaris";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest, type Received } from "~/lib/api-client";
import { formatDateTime } from "~/lib/format";
import type { InstallationStatus } from "~/lib/schemas/stores";
import { StepHeading } from "./step-heading";

export type InstallationView = Received<InstallationStatus>;

type Props = {
  storeId: string;
  view: InstallationView;
  onChecked: (view: InstallationView) => void;
  /** How step 2 puts the popup on the site: the script, or a Shopify theme's app embed. */
  installedBy: "script" | "app-embed";
};

/** Step 3: fetches the site and looks for this store's script; pending until it is found, then welcome. */
export function VerifyStep({ storeId, view, onChecked, installedBy }: Props) {
  const toast = useToast();
  const { pending: checking, run } = useAction();

  const verify = () =>
    run(async () => {
      const result = await apiRequest<InstallationView>(
        "GET",
        `/api/stores/${storeId}/verify-installation?force=true`,
      );
      onChecked(result);
      if (result.installed) toast({ title: "Success", message: result.message, tone: "success" });
      else toast({ title: "Script not detected on your site", message: result.message, tone: "warning" });
    }, "Failed to verify installation");

  return (
    <Card>
      <BlockStack gap="300">
        <StepHeading step={3} title="Verify Installation" done={view.installed} />
        {view.installed ? (
          <Banner tone="success" title="Welcome aboard!">
            <p>
              Your site now invites visitors to subscribe. If you do not see the popup, clear your browser's
              cache or contact support.
            </p>
          </Banner>
        ) : (
          <Text as="p">
            {installedBy === "app-embed"
              ? "Once the app embed is on and saved, check the installation: we open your storefront's home page and look for this store's popup."
              : "Once the script is on your site, check the installation: we open your home page and look for this store's script."}
          </Text>
        )}
        {view.checkedAt ? (
          <Text as="p" tone="subdued">
            {`Last checked ${formatDateTime(view.checkedAt)}: ${view.message}`}
          </Text>
        ) : null}
        <div>
          <Button variant="primary" onClick={verify} loading={checking}>
            Verify installation
          </Button>
        </div>
      </BlockStack>
    </Card>
  );
}
