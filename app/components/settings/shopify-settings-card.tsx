import {
  Badge,
  BlockStack,
  Button,
  Card,
  Collapsible,
  FormLayout,
  InlineStack,
  Text,
} from "@shopify/polaris";
import { type ReactNode, useId, useState } from "react";
import { useEmbedded } from "~/components/embedded";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { cleanAccessToken } from "~/lib/schemas/shopify";
import { normalizeSiteUrl } from "~/lib/schemas/stores";
import { InlineEditField } from "./inline-edit-field";
import { type StoreSettingsView, saveStoreChange } from "./store-settings";

type Props = { store: StoreSettingsView; onSaved: (store: StoreSettingsView) => void; children?: ReactNode };

/**
 * SPEC §2 Shopify store configuration, a collapsible card: the shop's URL and the Admin API access token
 * (masked, inline edits), and a check of the saved connection. Open by default for Shopify stores.
 */
export function ShopifySettingsCard({ store, onSaved, children }: Props) {
  const toast = useToast();
  // Inside the Shopify admin the app's own installation holds the access: no custom-app token to manage.
  const embedded = useEmbedded();
  const [open, setOpen] = useState(store.integrationType === "shopify");
  const { pending: verifying, run } = useAction();
  const contentId = useId();
  const shop = { shopifyUrl: store.shopifyUrl ?? "" };

  async function saveUrl(url: string) {
    const updated = await saveStoreChange(
      store.id,
      { shopifyUrl: normalizeSiteUrl(url) },
      { success: "Store URL updated", failure: "Failed to update store URL" },
      toast,
    );
    if ("refused" in updated) return updated;
    onSaved(updated);
    return true;
  }

  async function saveToken(accessToken: string) {
    try {
      const result = await apiRequest<{ store: StoreSettingsView; message: string }>(
        "POST",
        `/api/stores/${store.id}/shopify/connect`,
        { ...shop, accessToken },
      );
      onSaved(result.store);
      toast({ title: "Success", message: "Access token updated", tone: "success" });
      return true;
    } catch (error) {
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to update access token"),
        tone: "critical",
      });
      return false;
    }
  }

  const verify = () =>
    run(async () => {
      const result = await apiRequest<{ ok: boolean; message: string }>(
        "POST",
        `/api/stores/${store.id}/shopify/verify`,
        shop,
      );
      toast({
        title: result.ok ? "Success" : "Warning",
        message: result.message,
        tone: result.ok ? "success" : "warning",
      });
    }, "Failed to verify Shopify connection");

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              Shopify store configuration
            </Text>
            <Badge tone={store.isConnected ? "success" : undefined}>
              {store.isConnected ? "Connected" : "Not Connected"}
            </Badge>
          </InlineStack>
          <Button variant="plain" onClick={() => setOpen(!open)} ariaExpanded={open} ariaControls={contentId}>
            {open ? "Hide" : "Show"}
          </Button>
        </InlineStack>
        <Collapsible
          id={contentId}
          open={open}
          transition={{ duration: "150ms", timingFunction: "ease-in-out" }}
        >
          <BlockStack gap="400">
            {embedded ? (
              <Text as="p">
                {`Connected through the Newsletter Popup app installed on ${store.shopifyUrl ?? "your shop"}. Shopify renews its access on its own.`}
              </Text>
            ) : (
              <>
                <FormLayout>
                  <InlineEditField
                    label="Store URL"
                    type="url"
                    value={store.shopifyUrl ?? ""}
                    helpText="Your shop's myshopify.com address, e.g. https://your-store.myshopify.com"
                    onSave={saveUrl}
                  />
                  <InlineEditField
                    label="Access token"
                    type="password"
                    value={store.shopifyAccessToken ?? ""}
                    startEmpty
                    clean={cleanAccessToken}
                    helpText="The Admin API access token of your custom app (Settings → Apps → Develop apps)"
                    onSave={saveToken}
                  />
                </FormLayout>
                <InlineStack gap="300" blockAlign="center">
                  <Button onClick={verify} loading={verifying} disabled={!store.shopifyAccessToken}>
                    Verify connection
                  </Button>
                </InlineStack>
              </>
            )}
            {children}
          </BlockStack>
        </Collapsible>
      </BlockStack>
    </Card>
  );
}
