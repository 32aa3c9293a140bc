import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Collapsible,
  FormLayout,
  InlineStack,
  Text,
} from "@shopify/polaris";
import { type ReactNode, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { useEmbedded } from "~/components/embedded";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest, failureMessage } from "~/lib/api-client";
import { cleanAccessToken } from "~/lib/schemas/shopify";
import { normalizeSiteUrl } from "~/lib/schemas/stores";
import { ConnectWithShopify } from "./connect-with-shopify";
import { InlineEditField } from "./inline-edit-field";
import { type StoreSettingsView, saveStoreChange } from "./store-settings";

type Props = {
  store: StoreSettingsView;
  onSaved: (store: StoreSettingsView) => void;
  /** Whether Connect with Shopify can run on this server (the app's Shopify credentials are set). */
  oauthAvailable: boolean;
  /** Whether the viewer may link the store to a shop (administrators only). */
  oauthAllowed: boolean;
  /** Inside the admin of a shop whose store is the new one its install made: the page that links the shop to an existing store. */
  shopLinkUrl?: string | null;
  children?: ReactNode;
};

/**
 * SPEC §2 Shopify store configuration, a collapsible card, open by default for Shopify stores. A store
 * linked with Connect with Shopify (or the embedded install) says so; a store connected by a custom app's
 * token keeps its masked token (replaceable) and its check; any store not linked yet offers Connect with
 * Shopify. Back from Shopify, the card says which shop was connected.
 */
export function ShopifySettingsCard({
  store,
  onSaved,
  oauthAvailable,
  oauthAllowed,
  shopLinkUrl,
  children,
}: Props) {
  const toast = useToast();
  // Inside the Shopify admin the app's own installation holds the access: no custom-app token to manage.
  const embedded = useEmbedded();
  const [searchParams] = useSearchParams();
  const connectedShop = searchParams.get("connected");
  const [open, setOpen] = useState(store.integrationType === "shopify" || connectedShop !== null);
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
            {connectedShop && store.shopifyDomain === connectedShop ? (
              <Banner tone="success">{`Connected to ${connectedShop}`}</Banner>
            ) : null}
            {embedded ? (
              <>
                <Text as="p">
                  {`Connected through the Newsletter Popup app installed on ${store.shopifyUrl ?? "your shop"}. Shopify renews its access on its own.`}
                </Text>
                {shopLinkUrl ? <LinkToExistingStore url={shopLinkUrl} /> : null}
              </>
            ) : store.shopifyDomain ? (
              <Text as="p">
                {`Connected with Shopify to ${store.shopifyDomain}. Shopify renews the app's access on its own.`}
              </Text>
            ) : (
              <>
                <FormLayout>
                  <InlineEditField
                    label="Store URL"
                    type="url"
                    value={store.shopifyUrl ?? ""}
                    helpText="Your shop's web address, where the popup shows, e.g. https://your-store.com"
                    onSave={saveUrl}
                  />
                  {store.shopifyAccessToken ? (
                    <InlineEditField
                      label="Access token"
                      type="password"
                      value={store.shopifyAccessToken}
                      startEmpty
                      clean={cleanAccessToken}
                      helpText="The Admin API access token of your custom app. It keeps working; a new custom app can no longer be created, so connect with Shopify below to move off it."
                      onSave={saveToken}
                    />
                  ) : null}
                </FormLayout>
                {store.shopifyAccessToken ? (
                  <InlineStack gap="300" blockAlign="center">
                    <Button onClick={verify} loading={verifying}>
                      Verify connection
                    </Button>
                  </InlineStack>
                ) : null}
                <ConnectWithShopify storeId={store.id} available={oauthAvailable} allowed={oauthAllowed} />
              </>
            )}
            {children}
          </BlockStack>
        </Collapsible>
      </BlockStack>
    </Card>
  );
}

/**
 * The second step of Connect with Shopify, in the admin of a shop that just installed the app: the
 * dashboard's confirmation page opens in a new tab, where the merchant is signed in.
 */
function LinkToExistingStore({ url }: { url: string }) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        Already using Newsletter Popup outside Shopify?
      </Text>
      <Text as="p">
        Link this shop to your existing store: you confirm it in the Newsletter Popup dashboard, and this shop
        then works on that store's popups, subscribers and settings. The empty store made when you installed
        the app is removed.
      </Text>
      <InlineStack>
        <Button url={url} target="_blank">
          Link to my Newsletter Popup store
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
