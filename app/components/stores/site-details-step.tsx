import {
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Checkbox,
  ChoiceList,
  DropZone,
  InlineStack,
  Text,
  TextField,
  Thumbnail,
} from "@shopify/polaris";
import { useState } from "react";
import { readIcon } from "~/lib/read-icon";
import {
  cleanStoreName,
  type IntegrationType,
  SHOPIFY_DOMAIN_SUFFIX,
  type SiteDraft,
} from "~/lib/schemas/stores";
import { DEFAULT_AUDIENCE, shopAudiences } from "~/lib/shop-audience";
import type { SiteDraftErrors } from "~/lib/site-draft-validation";

type Props = {
  draft: SiteDraft;
  onChange: (changes: Partial<SiteDraft>) => void;
  /** Messages shown on their fields (the step-1 check, or the server's refusal). */
  errors?: SiteDraftErrors;
  /** The Add Store modal offers the 'My site is not fully HTTPS' checkbox; onboarding does not. */
  showHttpsOption?: boolean;
};

const typeCards: { value: IntegrationType; title: string; description: string }[] = [
  { value: "typical", title: "Typical Site", description: "General and custom sites" },
  { value: "shopify", title: "Shopify", description: "Online stores" },
];

const audienceChoices = [
  {
    value: "consumers",
    label: "Consumers",
    helpText: "The popup accepts every email address, Gmail and Outlook included",
  },
  {
    value: "businesses",
    label: "Businesses",
    helpText: "The popup accepts company addresses only: Gmail, Yahoo, Hotmail and Outlook are refused",
  },
] satisfies { value: (typeof shopAudiences)[number]; label: string; helpText: string }[];

/**
 * Step 1 of adding a store (SPEC §2): icon, integration type, name, the site address, and who the site sells
 * to (which addresses its popup accepts; consumers unless the merchant picks businesses).
 */
export function SiteDetailsStep({ draft, onChange, errors = {}, showHttpsOption = false }: Props) {
  const [iconMessage, setIconMessage] = useState<{ error?: string; warning?: string }>({});

  async function acceptIcon(files: File[]) {
    const [file] = files;
    if (!file) return;
    const result = await readIcon(file);
    if ("error" in result) {
      setIconMessage({ error: result.error });
      return;
    }
    setIconMessage({ warning: result.warning });
    onChange({ icon: result.dataUrl });
  }

  return (
    <BlockStack gap="400">
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Site icon
        </Text>
        <InlineStack gap="300" blockAlign="center" wrap={false}>
          {draft.icon ? <Thumbnail source={draft.icon} alt="Site icon" size="large" /> : null}
          <Box width="120px">
            <DropZone
              accept="image/png,image/jpeg,image/gif,image/webp"
              type="image"
              allowMultiple={false}
              onDrop={acceptIcon}
              label="Site icon"
              labelHidden
            >
              <DropZone.FileUpload actionHint="192×192 px, square" />
            </DropZone>
          </Box>
        </InlineStack>
        <Text as="p" tone={iconMessage.error ? "critical" : "subdued"} variant="bodySm">
          {iconMessage.error ??
            iconMessage.warning ??
            "Recommended: 192×192 px, square. PNG, JPEG, GIF or WebP up to 200 KB."}
        </Text>
      </BlockStack>

      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          Integration type
        </Text>
        <InlineStack gap="300">
          {typeCards.map((card) => (
            <button
              key={card.value}
              type="button"
              className="np-choice"
              aria-pressed={draft.integrationType === card.value}
              onClick={() => onChange({ integrationType: card.value })}
            >
              <Text as="span" variant="headingSm">
                {card.title}
              </Text>
              <Text as="span" tone="subdued" variant="bodySm">
                {card.description}
              </Text>
            </button>
          ))}
        </InlineStack>
      </BlockStack>

      <TextField
        label="Site Name"
        value={draft.name}
        onChange={(name) => onChange({ name })}
        error={errors.name}
        autoComplete="off"
        requiredIndicator
      />

      {draft.integrationType === "shopify" ? (
        <BlockStack gap="200">
          <ButtonGroup variant="segmented">
            <Button
              pressed={draft.shopifyMode === "store-name"}
              onClick={() => onChange({ shopifyMode: "store-name", customDomain: "" })}
            >
              {SHOPIFY_DOMAIN_SUFFIX.slice(1)}
            </Button>
            <Button
              pressed={draft.shopifyMode === "custom-domain"}
              onClick={() => onChange({ shopifyMode: "custom-domain", shopifyStoreName: "" })}
            >
              Custom Domain
            </Button>
          </ButtonGroup>
          {draft.shopifyMode === "store-name" ? (
            <TextField
              label="Store name"
              value={draft.shopifyStoreName}
              onChange={(value) => onChange({ shopifyStoreName: cleanStoreName(value) })}
              suffix={SHOPIFY_DOMAIN_SUFFIX}
              error={errors.shopifyStoreName}
              autoComplete="off"
              requiredIndicator
            />
          ) : (
            <TextField
              label="Custom Domain"
              type="url"
              value={draft.customDomain}
              onChange={(customDomain) => onChange({ customDomain })}
              placeholder="https://shop.example.com"
              error={errors.customDomain}
              autoComplete="off"
              requiredIndicator
            />
          )}
        </BlockStack>
      ) : (
        <TextField
          label="Site URL"
          type="url"
          value={draft.siteUrl}
          onChange={(siteUrl) => onChange({ siteUrl })}
          // SPEC's "enter full site url, e.g. {host}" in sentence case; the error takes its place, not its side.
          helpText={errors.siteUrl ? undefined : "Enter the full site URL, e.g. https://www.example.com"}
          error={errors.siteUrl}
          autoComplete="off"
          requiredIndicator
        />
      )}

      <ChoiceList
        title="Who buys from this site?"
        choices={audienceChoices}
        selected={[draft.audience ?? DEFAULT_AUDIENCE]}
        onChange={([chosen]) => onChange({ audience: shopAudiences.find((audience) => audience === chosen) })}
      />

      {showHttpsOption ? (
        <Checkbox
          label="My site is not fully HTTPS"
          checked={!draft.httpsOnly}
          onChange={(checked) => onChange({ httpsOnly: !checked })}
        />
      ) : null}
    </BlockStack>
  );
}
