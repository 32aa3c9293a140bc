import { BlockStack, Button, Card, Divider, InlineStack, Text } from "@shopify/polaris";
import { Fragment } from "react";
import { MAX_VARIANTS, type PopupVariant } from "../../../popup/config";
import type { EditProps } from "./types";
import { VariantFields } from "./variant-fields";

const VARIANT_LETTERS = "ABCDEFGH";

/** Each variant's share of visitors in whole %: its weight over all the weights. */
export function trafficShares(variants: PopupVariant[]): number[] {
  const total = variants.reduce((sum, variant) => sum + Math.max(0, variant.weight || 0), 0);
  return variants.map((variant) =>
    total > 0 ? Math.round((Math.max(0, variant.weight || 0) / total) * 100) : 0,
  );
}

/** The variants with a new one (the first free letter as its name, no changes yet), traffic split evenly. */
export function withNewVariant(variants: PopupVariant[]): PopupVariant[] {
  const taken = new Set(variants.map((variant) => variant.name));
  const name = [...VARIANT_LETTERS].find((letter) => !taken.has(letter)) ?? `Variant ${variants.length + 1}`;
  const all = [...variants, { id: crypto.randomUUID().slice(0, 8), name, weight: 0, overrides: {} }];
  const share = Math.floor(100 / all.length);
  // The control takes what the even split leaves over (34 / 33 / 33).
  return all.map((variant, index) => ({
    ...variant,
    weight: index === 0 ? 100 - share * (all.length - 1) : share,
  }));
}

/** The popup's A/B test: the control (the popup itself) and up to three challengers. */
export function VariantsCard({ config, edit, errors = {} }: EditProps) {
  const { variants } = config;
  const shares = trafficShares(variants);
  const setVariants = (next: PopupVariant[]) => edit({ variants: next });

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Variants
          </Text>
          <Text as="p" variant="bodySm" tone="subdued">
            {variants.length > 1
              ? `A/B test: ${variants.length} variants. Each visitor always sees the same one.`
              : "Add a variant to test another title, button or colours against this popup."}
          </Text>
        </BlockStack>
        {errors.variants ? (
          <Text as="p" tone="critical">
            {errors.variants}
          </Text>
        ) : null}
        {variants.map((variant, index) => (
          <Fragment key={variant.id}>
            {index > 0 ? <Divider /> : null}
            <VariantFields
              variant={variant}
              index={index}
              share={shares[index] ?? 0}
              design={config.design}
              errors={errors}
              onChange={(changed) =>
                setVariants(variants.map((other, at) => (at === index ? changed : other)))
              }
              onRemove={index === 0 ? undefined : () => setVariants(variants.filter((_, at) => at !== index))}
            />
          </Fragment>
        ))}
        <InlineStack>
          <Button
            onClick={() => setVariants(withNewVariant(variants))}
            disabled={variants.length >= MAX_VARIANTS}
          >
            Add variant
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
