import { BlockStack, Button, ButtonGroup, Card, EmptyState, InlineStack, Page, Text } from "@shopify/polaris";
import { useCallback, useMemo, useState } from "react";
import { CartValidationCard } from "~/components/popup-builder/cart-validation-card";
import { ContentCard } from "~/components/popup-builder/content-card";
import { DisplayCard } from "~/components/popup-builder/display-card";
import { FieldsCard } from "~/components/popup-builder/fields-card";
import { OfferCard } from "~/components/popup-builder/offer-card";
import { PopupPreview, PREVIEW_DEVICES, type PreviewDevice } from "~/components/popup-builder/popup-preview";
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
const devices = Object.keys(PREVIEW_DEVICES) as PreviewDevice[];
/** The labels of the fields whose values the autosave can refuse, for the status line. */
const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  subtitle: "Subtitle",
  buttonText: "Button text",
  discountCode: "Discount code",
  discountPercentage: "Discount percentage",
  "emailValidation.allowedDomains": "Allowed domains",
  "emailValidation.blockedDomains": "Blocked domains",
};

/** What the status line says while a refused value is unsaved: the field to fix (its message is on it). */
function notSavedText(path: string): string {
  const label = FIELD_LABELS[path];
  return label ? `Not saved: fix the ${label} field` : "Not saved: fix the field marked in red";
}

type EditorData = NonNullable<Route.ComponentProps["loaderData"]["editor"]>;

function Builder({ store, config: initial, openPreview, codeMissingInShopify }: EditorData) {
  const { config, status, errors, edit, saveNow } = usePopupAutosave(store.id, initial);
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  // A field whose value was refused keeps the change unsaved: the status says so until it is fixed.
  const refused = Object.keys(errors)[0];
  const [socialLinks, setSocialLinks] = useState(store.socialLinks);
  const [fullscreen, setFullscreen] = useState(openPreview);
  const previewConfig = useMemo(
    () => ({ ...toPublicConfig(config, socialLinks), discountCode: config.discountCode }),
    [config, socialLinks],
  );
  const closeFullscreen = useCallback(() => setFullscreen(false), []);

  return (
    <Page
      fullWidth
      title="Popup Builder"
      subtitle={`Design the signup popup visitors of ${store.name} see`}
      primaryAction={{ content: "Full-screen preview", onAction: () => setFullscreen(true) }}
      secondaryActions={[{ content: "Open demo page", url: `/demo/${store.id}`, external: true }]}
    >
      <div className="np-builder">
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <StorePicker section="popup-builder" storeId={store.id} />
            <Text as="span" tone={refused || status === "failed" ? "critical" : "subdued"} variant="bodySm">
              {refused ? notSavedText(refused) : STATUS_TEXT[status]}
            </Text>
          </InlineStack>
          <ContentCard config={config} edit={edit} errors={errors} />
          <FieldsCard config={config} edit={edit} errors={errors} />
          <OfferCard config={config} edit={edit} errors={errors} missingInShopify={codeMissingInShopify} />
          <DisplayCard config={config} edit={edit} />
          <CartValidationCard
            value={config.cartValidation}
            onSave={(cartValidation) => saveNow({ cartValidation }, "Cart validation saved")}
          />
          <SocialLinksCard storeId={store.id} value={socialLinks} onSaved={setSocialLinks} />
        </BlockStack>
        <div className="np-builder__preview">
          <div className="np-preview-sticky" data-testid="preview-pane">
            <Card>
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center" gap="200">
                  <Text as="h2" variant="headingMd">
                    Live preview
                  </Text>
                  <InlineStack gap="300" blockAlign="center">
                    <ButtonGroup variant="segmented">
                      {devices.map((name) => (
                        <Button
                          key={name}
                          size="slim"
                          pressed={device === name}
                          onClick={() => setDevice(name)}
                        >
                          {PREVIEW_DEVICES[name].label}
                        </Button>
                      ))}
                    </ButtonGroup>
                    <Button variant="plain" onClick={() => setFullscreen(true)}>
                      Full screen
                    </Button>
                  </InlineStack>
                </InlineStack>
                {fullscreen ? null : (
                  <PopupPreview config={previewConfig} fullscreen={false} device={device} />
                )}
              </BlockStack>
            </Card>
          </div>
        </div>
      </div>
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
