import { Banner, BlockStack, Card, InlineGrid, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { EditProps } from "./types";

/** `missingInShopify`: the code Shopify was last asked about, when it does not exist there (validateDiscountCode). */
export function OfferCard({
  config,
  edit,
  errors = {},
  missingInShopify,
}: EditProps & { missingInShopify: string | null }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Discount
        </Text>
        {missingInShopify && missingInShopify === config.discountCode ? (
          <Banner tone="warning" title={`${missingInShopify} does not exist in your Shopify store`}>
            Create it under Discounts in your Shopify admin, or enter a code that exists: shoppers who get the
            popup's code while their own code is being made would receive a code that does not work.
          </Banner>
        ) : null}
        <InlineGrid columns={2} gap="300">
          <TextField
            label="Discount code"
            value={config.discountCode}
            onChange={(discountCode) =>
              edit({ discountCode: discountCode.replace(/[^A-Za-z0-9_-]/g, "").toUpperCase() })
            }
            error={errors.discountCode}
            autoComplete="off"
          />
          <WholeNumberField
            label="Discount percentage"
            value={config.discountPercentage}
            suffix="%"
            max={100}
            error={errors.discountPercentage}
            onChange={(discountPercentage) => edit({ discountPercentage })}
          />
        </InlineGrid>
        <Text as="p" variant="bodySm" tone="subdued">
          In a store connected to Shopify, each subscriber gets a code of their own, added to one Shopify
          discount for this popup.
        </Text>
        <InlineGrid columns={2} gap="300">
          <WholeNumberField
            label="Each code valid for"
            value={config.codeValidDays}
            suffix="days"
            max={365}
            error={errors.codeValidDays}
            onChange={(codeValidDays) => edit({ codeValidDays })}
          />
          <WholeNumberField
            label="Uses per code"
            value={config.codeUsageLimit}
            max={100}
            helpText="Once per customer in any case"
            error={errors.codeUsageLimit}
            onChange={(codeUsageLimit) => edit({ codeUsageLimit })}
          />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}

/** A number field that keeps what was typed; the autosave refuses what the rules do (the error shows here). */
function WholeNumberField({
  label,
  value,
  max,
  suffix,
  helpText,
  error,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  suffix?: string;
  helpText?: string;
  error?: string;
  onChange: (value: number) => void;
}) {
  const [typed, setTyped] = useState(String(value));
  return (
    <TextField
      label={label}
      type="number"
      min={1}
      max={max}
      value={typed}
      suffix={suffix}
      helpText={helpText}
      error={error}
      onChange={(next) => {
        setTyped(next);
        onChange(next.trim() === "" ? Number.NaN : Number(next));
      }}
      autoComplete="off"
    />
  );
}
