import { BlockStack, Box, Button, Card, EmptyState, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { useCallback, useMemo, useState } from "react";
import { CartValidationCard } from "~/components/popup-builder/cart-validation-card";
import { ContentCard } from "~/components/popup-builder/content-card";
import { DisplayCard } from "~/components/popup-builder/display-card";
import { FieldsCard } from "~/components/popup-builder/fields-card";
import { OfferCard } from "~/components/popup-builder/offer-card";
import { PopupPreview } from "~/components/popup-builder/popup-preview";
import { SocialLinksCard } from "~/components/popup-builder/social-links-card";
import type { BuilderConfig } from "~/components/popup-builder/types";
import { usePopupAutosave } from "~/components/popup-builder/use-popup-autosave";
import { StorePicker } from "~/components/store-picker";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { toPublicConfig } from "~/lib/public-popup-config";
import { getPopupConfig } from "~/services/popups/popups.server";
import { requireStore } from "~/services/stores/stores.server";
import type { Route } from "./+types/popup-builder";

export const meta: Route.MetaFunction = () => [{ title: "Popup Builder · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store: selected } = await requireStoreScreen(request, params, "manage_popups");
  if (!selected) return { editor: null };
  const [store, popup] = await Promise.all([
    requireStore(actor, selected.id),
    getPopupConfig(actor, selected.id),
  ]);
  const { id: _id, createdAt: _created, updatedAt: _updated, ...config } = popup;
  return {
    editor: {
      store: { id: store.id, name: store.name, socialLinks: store.socialLinks },
      config: config satisfies BuilderConfig,
      codeMissingInShopify: popup.discountCodeInShopify === false ? popup.discountCode : null,
      openPreview: new URL(request.url).searchParams.get("preview") === "true",
    },
  };
}

const STATUS_TEXT = { saved: "All changes saved", saving: "Saving…", failed: "Not saved" } as const;

type EditorData = NonNullable<Route.ComponentProps["loaderData"]["editor"]>;

function Builder({ store, config: initial, openPreview, codeMissingInShopify }: EditorData) {
  const { config, status, edit, saveNow } = usePopupAutosave(store.id, initial);
  const [socialLinks, setSocialLinks] = useState(store.socialLinks);
  const [fullscreen, setFullscreen] = useState(openPreview);
  const previewConfig = useMemo(
    () => ({ ...toPublicConfig(config, socialLinks), discountCode: config.discountCode }),
    [config, socialLinks],
  );
  const closeFullscreen = useCallback(() => setFullscreen(false), []);

  return (
    <Page
      title="Popup Builder"
      subtitle={`Design the signup popup visitors of ${store.name} see`}
      primaryAction={{ content: "Full-screen preview", onAction: () => setFullscreen(true) }}
      secondaryActions={[{ content: "Open demo page", url: `/demo/${store.id}`, external: true }]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <InlineStack align="space-between" blockAlign="center">
              <StorePicker section="popup-builder" storeId={store.id} />
              <Text as="span" tone={status === "failed" ? "critical" : "subdued"} variant="bodySm">
                {STATUS_TEXT[status]}
              </Text>
            </InlineStack>
            <ContentCard config={config} edit={edit} />
            <FieldsCard config={config} edit={edit} />
            <OfferCard config={config} edit={edit} missingInShopify={codeMissingInShopify} />
            <DisplayCard config={config} edit={edit} />
            <CartValidationCard
              value={config.cartValidation}
              onSave={(cartValidation) => saveNow({ cartValidation }, "Cart validation saved")}
            />
            <SocialLinksCard storeId={store.id} value={socialLinks} onSaved={setSocialLinks} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <div className="np-preview-sticky">
            <Card>
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingMd">
                    Live preview
                  </Text>
                  <Button variant="plain" onClick={() => setFullscreen(true)}>
                    Full screen
                  </Button>
                </InlineStack>
                <Box>{fullscreen ? null : <PopupPreview config={previewConfig} fullscreen={false} />}</Box>
              </BlockStack>
            </Card>
          </div>
        </Layout.Section>
      </Layout>
      {fullscreen ? <PopupPreview config={previewConfig} fullscreen onClose={closeFullscreen} /> : null}
    </Page>
  );
}

export default function PopupBuilder({ loaderData }: Route.ComponentProps) {
  if (!loaderData.editor) {
    return (
      <Page title="Popup Builder">
        <Card>
          <EmptyState
            heading="No Stores Configured"
            action={{ content: "Add Your First Store", url: "/stores" }}
            image=""
          >
            <p>Add a store to design its popup.</p>
          </EmptyState>
        </Card>
      </Page>
    );
  }
  return <Builder key={loaderData.editor.store.id} {...loaderData.editor} />;
}
