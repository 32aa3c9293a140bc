import { BlockStack, Button, Card, EmptyState, InlineStack, Page, Select, Text } from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { type BuilderView, BuilderViewSwitch } from "~/components/popup-builder/builder-view-switch";
import { CartValidationCard } from "~/components/popup-builder/cart-validation-card";
import { ContentCard } from "~/components/popup-builder/content-card";
import { DesignCard } from "~/components/popup-builder/design-card";
import { DeviceSwitch } from "~/components/popup-builder/device-switch";
import { DisplayCard } from "~/components/popup-builder/display-card";
import { FieldsCard } from "~/components/popup-builder/fields-card";
import { LanguagesCard } from "~/components/popup-builder/languages-card";
import { OfferCard } from "~/components/popup-builder/offer-card";
import { PopupListCard, type PopupSummary } from "~/components/popup-builder/popup-list-card";
import { PopupPreview, type PreviewDevice } from "~/components/popup-builder/popup-preview";
import { PublishBar, publicationOf } from "~/components/popup-builder/publish-bar";
import { ResultsCard } from "~/components/popup-builder/results-card";
import { SocialLinksCard } from "~/components/popup-builder/social-links-card";
import { StepsCard } from "~/components/popup-builder/steps-card";
import { TargetingCard } from "~/components/popup-builder/targeting-card";
import type { BuilderConfig, Publication } from "~/components/popup-builder/types";
import { usePopupAutosave } from "~/components/popup-builder/use-popup-autosave";
import { VariantsCard } from "~/components/popup-builder/variants-card";
import { StorePicker } from "~/components/store-picker";
import { useToast } from "~/components/toast";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { useAction } from "~/components/use-action";
import { requireStoreScreen } from "~/http/guards/screens.server";
import { apiRequest } from "~/lib/api-client";
import { demoPageUrl } from "~/lib/demo-page";
import { codeEndsAt } from "~/lib/flow-waits";
import { offerConditions } from "~/lib/languages/offer-words";
import { languageName } from "~/lib/languages/text-labels";
import { privacyPolicyUrlOf } from "~/lib/privacy-policy";
import { toPublicConfig, toPublicVariant } from "~/lib/public-popup-config";
import { listPopups } from "~/services/popups/crud.server";
import { requireStore } from "~/services/stores/crud.server";
import { offerOfColumns } from "../../popup/offer";
import type { Route } from "./+types/popup-builder";

export const meta: Route.MetaFunction = () => [{ title: "Popup Builder · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store: selected } = await requireStoreScreen(request, params, "manage_popups");
  if (!selected) return { editor: null };
  const [store, popups] = await Promise.all([
    requireStore(actor, selected.id),
    listPopups(actor, selected.id),
  ]);
  // ?popup= names the popup being edited; an unknown or missing id opens the first in priority order.
  const wanted = new URL(request.url).searchParams.get("popup");
  const popup = popups.find(({ id }) => id === wanted) ?? popups[0];
  if (!popup) throw new Error(`store ${store.id} has no popup`);
  const {
    createdAt: _created,
    updatedAt: _updated,
    discountCodeCheckedAt: _checked,
    publishedAt: _published,
    isActive: _active,
    wheelCodesNotInShopify,
    status,
    hasUnpublishedChanges,
    ...config
  } = popup;
  return {
    editor: {
      store: {
        id: store.id,
        name: store.name,
        socialLinks: store.socialLinks,
        shopifyDomain: store.shopifyDomain,
        privacyPolicyUrl: privacyPolicyUrlOf(store),
        currency: store.currency,
        isShopify: store.integrationType === "shopify",
      },
      popups: popups.map((listed) => ({
        id: listed.id,
        name: listed.name,
        status: listed.status,
        hasUnpublishedChanges: listed.hasUnpublishedChanges,
        variantCount: listed.variants.length,
      })) satisfies PopupSummary[],
      config: config satisfies BuilderConfig,
      publication: { status, hasUnpublishedChanges } satisfies Publication,
      codeMissingInShopify: popup.discountCodeInShopify === false ? popup.discountCode : null,
      wheelCodesMissingInShopify: wheelCodesNotInShopify ?? [],
      openPreview: new URL(request.url).searchParams.get("preview") === "true",
    },
  };
}

const STATUS_TEXT = { saved: "All changes saved", saving: "Saving…", failed: "Not saved" } as const;
/** The labels of the fields whose values the autosave can refuse, for the status line. */
const FIELD_LABELS: Record<string, string> = {
  name: "Popup name",
  title: "Title",
  subtitle: "Subtitle",
  buttonText: "Button text",
  discountCode: "Discount code",
  discountPercentage: "Discount percentage",
  codeValidDays: "Each code valid for",
  codeUsageLimit: "Uses per code",
  "emailValidation.allowedDomains": "Allowed domains",
  "emailValidation.blockedDomains": "Blocked domains",
  "targeting.devices": "Devices",
  "targeting.endsAt": "Ends",
};

/** What the status line says while a refused value is unsaved: the field to fix (its message is on it). */
function notSavedText(path: string): string {
  const label = FIELD_LABELS[path];
  return label ? `Not saved: fix the ${label} field` : "Not saved: fix the field marked in red";
}

type EditorData = NonNullable<Route.ComponentProps["loaderData"]["editor"]>;
type BuilderProps = EditorData & {
  /** Reloads the popup after the server replaced it (a promoted winner): the editor starts again from it. */
  onReplaced: () => Promise<void>;
};

function Builder({
  store,
  popups,
  config: initial,
  publication: initialPublication,
  openPreview,
  codeMissingInShopify,
  wheelCodesMissingInShopify,
  onReplaced,
}: BuilderProps) {
  const [publication, setPublication] = useState(initialPublication);
  const { config, status, errors, edit, saveNow, settle, savedVariantIds } = usePopupAutosave(
    store.id,
    initial,
    setPublication,
  );
  const { publish, discard, publishing, publishes } = usePublishing(store.id, initial.id, {
    settle,
    setPublication,
    onReplaced,
  });
  const [device, setDevice] = useState<PreviewDevice>("desktop");
  // A field whose value was refused keeps the change unsaved: the status says so until it is fixed.
  const refused = Object.keys(errors)[0];
  useUnsavedChanges(refused !== undefined);
  const [socialLinks, setSocialLinks] = useState(store.socialLinks);
  const [fullscreen, setFullscreen] = useState(openPreview);
  // On a narrow screen the editor and the live preview take turns (BuilderViewSwitch); wide, both show.
  const [phoneView, setPhoneView] = useState<BuilderView>("edit");
  const [previewVariantId, setPreviewVariantId] = useState(initial.variants[0]?.id ?? "");
  const previewVariant = config.variants.find(({ id }) => id === previewVariantId);
  const [previewLanguage, setPreviewLanguage] = useState(initial.languages[0]?.code ?? "");
  const previewConfig = useMemo(
    () => ({
      ...toPublicConfig(config, {
        socialLinks,
        name: store.name,
        privacyPolicyUrl: store.privacyPolicyUrl,
        currency: store.currency,
        isShopify: store.isShopify,
      }),
      discountCode: config.discountCode,
    }),
    [config, socialLinks, store.name, store.privacyPolicyUrl, store.currency, store.isShopify],
  );
  // What the success view says under the code, in the language shown, for a shopper who subscribes now.
  const previewConditions = offerConditions(
    offerOfColumns(config),
    store.currency,
    previewLanguage || (config.languages[0]?.code ?? "en"),
    codeEndsAt(new Date(), config.codeValidDays),
  );
  const shownVariant = useMemo(
    () => previewVariant && toPublicVariant(previewVariant, store.name),
    [previewVariant, store.name],
  );
  // The list shows the open popup as edited (its name and status save a moment later).
  const listed = popups.map((popup) =>
    popup.id === config.id
      ? { ...popup, ...publication, name: config.name, variantCount: config.variants.length }
      : popup,
  );
  const closeFullscreen = useCallback(() => setFullscreen(false), []);

  return (
    <Page
      fullWidth
      title="Popup Builder"
      subtitle={`Design the signup popup visitors of ${store.name} see`}
      primaryAction={{ content: "Full-screen preview", onAction: () => setFullscreen(true) }}
      secondaryActions={[tryItAction(store)]}
    >
      <BuilderViewSwitch view={phoneView} onChange={setPhoneView} />
      <div className="np-builder" data-view={phoneView}>
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <StorePicker section="popup-builder" storeId={store.id} />
            <Text as="span" tone={refused || status === "failed" ? "critical" : "subdued"} variant="bodySm">
              {refused ? notSavedText(refused) : STATUS_TEXT[status]}
            </Text>
          </InlineStack>
          <PublishBar
            publication={publication}
            previewUrl={demoPageUrl(store.id, config.id)}
            canPublish={!refused && status !== "failed"}
            busy={publishing}
            onPublish={() => void publish()}
            onDiscard={() => void discard()}
          />
          <PopupListCard
            storeId={store.id}
            storeName={store.name}
            popups={listed}
            selectedId={config.id}
            onSelectedChange={setPublication}
          />
          <ContentCard config={config} edit={edit} errors={errors} currency={store.currency} />
          <StepsCard config={config} edit={edit} errors={errors} />
          <TargetingCard config={config} edit={edit} errors={errors} />
          <DesignCard storeId={store.id} config={config} edit={edit} errors={errors} />
          <VariantsCard config={config} edit={edit} errors={errors} />
          <ResultsCard
            storeId={store.id}
            popupId={config.id}
            refreshKey={`${savedVariantIds} ${publishes}`}
            onPromoted={onReplaced}
          />
          <FieldsCard config={config} edit={edit} errors={errors} />
          <LanguagesCard config={config} edit={edit} errors={errors} />
          <OfferCard
            config={config}
            edit={edit}
            errors={errors}
            missingInShopify={codeMissingInShopify}
            wheelCodesMissingInShopify={wheelCodesMissingInShopify}
            currency={store.currency}
          />
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
                    <DeviceSwitch device={device} onChange={setDevice} />
                    <Button variant="plain" onClick={() => setFullscreen(true)}>
                      Full screen
                    </Button>
                  </InlineStack>
                </InlineStack>
                {config.variants.length > 1 ? (
                  <Select
                    label="Variant shown"
                    labelInline
                    options={config.variants.map(({ id, name }) => ({ value: id, label: `Variant ${name}` }))}
                    value={previewVariant ? previewVariantId : (config.variants[0]?.id ?? "")}
                    onChange={setPreviewVariantId}
                  />
                ) : null}
                {config.languages.length > 1 ? (
                  <Select
                    label="Language shown"
                    labelInline
                    options={config.languages.map(({ code }) => ({ value: code, label: languageName(code) }))}
                    value={
                      config.languages.some(({ code }) => code === previewLanguage)
                        ? previewLanguage
                        : (config.languages[0]?.code ?? "")
                    }
                    onChange={setPreviewLanguage}
                  />
                ) : null}
                {fullscreen ? null : (
                  <PopupPreview
                    config={previewConfig}
                    variant={shownVariant}
                    language={previewLanguage}
                    conditions={previewConditions}
                    fullscreen={false}
                    device={device}
                  />
                )}
              </BlockStack>
            </Card>
          </div>
        </div>
      </div>
      {fullscreen ? (
        <PopupPreview
          config={previewConfig}
          variant={shownVariant}
          language={previewLanguage}
          conditions={previewConditions}
          fullscreen
          onClose={closeFullscreen}
        />
      ) : null}
    </Page>
  );
}

/**
 * Publish and Discard changes of the open popup. Publishing first lets the autosave finish, so what is
 * published is what the screen shows; discarding starts the editor again from the published version.
 */
function usePublishing(
  storeId: string,
  popupId: string,
  hooks: {
    settle: () => Promise<void>;
    setPublication: (publication: Publication) => void;
    onReplaced: () => Promise<void>;
  },
) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { pending, run } = useAction();
  // Counts this editor's publications: the results, counted for the published variants, follow them.
  const [publishes, setPublishes] = useState(0);
  const url = `/api/stores/${storeId}/popups/${popupId}`;
  const { settle, setPublication, onReplaced } = hooks;
  const publish = () =>
    run(async () => {
      await settle();
      setPublication(publicationOf(await apiRequest<Publication>("PUT", `${url}/publish`)));
      setPublishes((count) => count + 1);
      toast({ title: "Success", message: "Popup published: shoppers see it now", tone: "success" });
      await revalidator.revalidate();
    }, "Failed to publish the popup");
  const discard = () =>
    run(async () => {
      await settle();
      await apiRequest("DELETE", `${url}/changes`);
      toast({ title: "Success", message: "Changes discarded", tone: "success" });
      await onReplaced();
    }, "Failed to discard the changes");
  return { publish, discard, publishing: pending, publishes };
}

/**
 * Where the merchant tries the popup for real: a shop that installed the app shows it on its own storefront
 * (the app embed subscribes through the shop's App Proxy only); any other store on the demo page.
 */
function tryItAction(store: { id: string; shopifyDomain: string | null }) {
  return store.shopifyDomain
    ? { content: "Open your storefront", url: `https://${store.shopifyDomain}`, external: true }
    : { content: "Open demo page", url: demoPageUrl(store.id), external: true };
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
  return <Editor {...loaderData.editor} />;
}

/** One editor per store and popup; a popup the server replaced gets a fresh one once its new data is in. */
function Editor(editor: EditorData) {
  const revalidator = useRevalidator();
  const [generation, setGeneration] = useState(0);
  const replaced = useRef(false);
  const onReplaced = useCallback(async () => {
    replaced.current = true;
    await revalidator.revalidate();
  }, [revalidator]);
  // The reloaded data arrives in a transition, after revalidate() resolves: start again when it is here.
  useEffect(() => {
    if (!replaced.current) return;
    replaced.current = false;
    setGeneration((current) => current + 1);
  }, [editor.config]);
  return (
    <Builder
      key={`${editor.store.id}:${editor.config.id}:${generation}`}
      {...editor}
      onReplaced={onReplaced}
    />
  );
}
