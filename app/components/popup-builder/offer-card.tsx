import { Banner, BlockStack, Card, InlineGrid, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { EditProps } from "./types";

const PERCENTAGE_ERROR = "Discount percentage must be between 1 and 100";

/** `missingInShopify`: the code Shopify was last asked about, when it does not exist there (validateDiscountCode). */
export function OfferCard({
  config,
  edit,
  missingInShopify,
}: EditProps & { missingInShopify: string | null }) {
  const [percentage, setPercentage] = useState(String(config.discountPercentage));
  const value = Number(percentage);
  const percentageValid = Number.isInteger(value) && value >= 1 && value <= 100;
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
            autoComplete="off"
          />
          <TextField
            label="Discount percentage"
            type="number"
            min={1}
            max={100}
            value={percentage}
            suffix="%"
            error={percentageValid ? undefined : PERCENTAGE_ERROR}
            onChange={(next) => {
              setPercentage(next);
              const parsed = Number(next);
              if (Number.isInteger(parsed) && parsed >= 1 && parsed <= 100)
                edit({ discountPercentage: parsed });
            }}
            autoComplete="off"
          />
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
