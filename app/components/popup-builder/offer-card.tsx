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
  // The field keeps what was typed; the autosave refuses what the rules do (the error shows here).
  const [percentage, setPercentage] = useState(String(config.discountPercentage));
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
          <TextField
            label="Discount percentage"
            type="number"
            min={1}
            max={100}
            value={percentage}
            suffix="%"
            error={errors.discountPercentage}
            onChange={(next) => {
              setPercentage(next);
              edit({ discountPercentage: next.trim() === "" ? Number.NaN : Number(next) });
            }}
            autoComplete="off"
          />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
