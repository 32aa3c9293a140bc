import { BlockStack, Button, InlineGrid, InlineStack, Text, TextField } from "@shopify/polaris";
import type { PopupDesign, PopupVariant, VariantOverrides } from "../../../popup/config";
import { ColorField } from "./color-field";
import { editableText } from "./content-card";
import type { FieldErrors } from "./types";

type Props = {
  variant: PopupVariant;
  index: number;
  /** The share of visitors it gets, in %. */
  share: number;
  /** The popup's own design: what a colour the variant leaves alone shows. */
  design: PopupDesign;
  errors: FieldErrors;
  onChange: (variant: PopupVariant) => void;
  onRemove?: () => void;
};

type TextOverride = "title" | "subtitle" | "buttonText" | "consentText";
type ColorOverride = "buttonColor" | "backgroundColor";

/** One variant: its name and weight, and (other than the control's) what it changes. */
export function VariantFields({ variant, index, share, design, errors, onChange, onRemove }: Props) {
  const isControl = index === 0;
  const error = (path: string) => errors[`variants.${index}.${path}`];
  const overrides = (change: VariantOverrides) => {
    const next = { ...variant.overrides, ...change };
    // An emptied text is no change: the popup's own shows.
    for (const key of ["title", "subtitle", "buttonText", "consentText"] as const)
      if (next[key] === "") delete next[key];
    onChange({ ...variant, overrides: next });
  };
  const text = (key: TextOverride, label: string, multiline?: number) => (
    <TextField
      label={`${label} (${variant.name})`}
      // The consent text is plain text; the others are stored as sanitized HTML.
      value={
        key === "consentText" ? (variant.overrides[key] ?? "") : editableText(variant.overrides[key] ?? "")
      }
      placeholder="Same as the popup"
      onChange={(value) => overrides({ [key]: value })}
      multiline={multiline}
      error={error(`overrides.${key}`)}
      autoComplete="off"
    />
  );
  const color = (key: ColorOverride, label: string) => (
    <ColorField
      label={`${label} (${variant.name})`}
      value={variant.overrides.design?.[key] ?? design[key]}
      onChange={(value) => overrides({ design: { ...variant.overrides.design, [key]: value } })}
      error={error(`overrides.design.${key}`)}
    />
  );

  return (
    <BlockStack gap="300">
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h3" variant="headingSm">
          {isControl
            ? `Variant ${variant.name} (control: the popup as designed above)`
            : `Variant ${variant.name}`}
        </Text>
        {onRemove ? (
          <Button
            variant="plain"
            tone="critical"
            onClick={onRemove}
            accessibilityLabel={`Remove variant ${variant.name}`}
          >
            Remove
          </Button>
        ) : null}
      </InlineStack>
      <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
        <TextField
          label={`Variant name (${variant.name})`}
          labelHidden={false}
          value={variant.name}
          onChange={(name) => onChange({ ...variant, name })}
          error={error("name")}
          maxLength={40}
          autoComplete="off"
        />
        <TextField
          label={`Traffic weight (${variant.name})`}
          type="number"
          min={0}
          max={100}
          value={String(variant.weight)}
          onChange={(weight) => onChange({ ...variant, weight: Number(weight) })}
          suffix={`= ${share}% of visitors`}
          error={error("weight")}
          autoComplete="off"
        />
      </InlineGrid>
      {isControl ? null : (
        <>
          {text("title", "Title")}
          {text("subtitle", "Subtitle", 2)}
          {text("consentText", "Consent text", 2)}
          <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
            {text("buttonText", "Button wording")}
            {color("buttonColor", "Button colour")}
            {color("backgroundColor", "Background colour")}
          </InlineGrid>
        </>
      )}
    </BlockStack>
  );
}
