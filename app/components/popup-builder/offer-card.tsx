import { Banner, BlockStack, Card, Checkbox, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { offerPhrase } from "~/lib/languages/offer-words";
import { type OfferKind, offerOfColumns } from "../../../popup/offer";
import { defaultPrizeWheel } from "../../../popup/prize-wheel";
import { NumberField } from "./number-field";
import { OFFER_KIND_OPTIONS, OfferFigureField } from "./offer-figure-field";
import type { EditProps } from "./types";
import { WheelEditor } from "./wheel-editor";

/**
 * `missingInShopify`: the code Shopify was last asked about, when it does not exist there (validateDiscountCode);
 * `wheelCodesMissingInShopify`: the wheel's prize codes the same check did not find.
 * `currency`: the store's, which amounts are in.
 */
export function OfferCard({
  config,
  edit,
  errors = {},
  missingInShopify,
  wheelCodesMissingInShopify,
  currency,
}: EditProps & { missingInShopify: string | null; wheelCodesMissingInShopify: string[]; currency: string }) {
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
        <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
          <Select
            label="Offer"
            options={OFFER_KIND_OPTIONS}
            value={config.offerKind}
            onChange={(offerKind) => edit({ offerKind: offerKind as OfferKind })}
            error={errors.offerKind}
          />
          <OfferFigureField
            kind={config.offerKind}
            percentage={config.discountPercentage}
            amount={config.discountAmount}
            currency={currency}
            errors={{ percentage: errors.discountPercentage, amount: errors.discountAmount }}
            onPercentage={(discountPercentage) => edit({ discountPercentage })}
            onAmount={(discountAmount) => edit({ discountAmount })}
          />
          <NumberField
            label="Minimum subtotal"
            optional
            decimals
            min={0}
            max={1_000_000}
            value={config.minimumSubtotal}
            suffix={currency}
            helpText="Empty: any order"
            error={errors.minimumSubtotal}
            onChange={(minimumSubtotal) => edit({ minimumSubtotal })}
          />
          <TextField
            label="Discount code"
            value={config.discountCode}
            onChange={(discountCode) =>
              edit({ discountCode: discountCode.replace(/[^A-Za-z0-9_-]/g, "").toUpperCase() })
            }
            error={errors.discountCode}
            autoComplete="off"
          />
        </InlineGrid>
        <Text as="p" variant="bodySm" tone="subdued">
          Shoppers read: “{offerPhrase(offerOfColumns(config), currency, config.languages[0]?.code ?? "en")}”.
          In a store connected to Shopify, each subscriber gets a code of their own, added to one Shopify
          discount for this offer.
        </Text>
        <InlineGrid columns={2} gap="300">
          <NumberField
            label="Each code valid for"
            value={config.codeValidDays}
            suffix="days"
            max={365}
            error={errors.codeValidDays}
            onChange={(codeValidDays) => edit({ codeValidDays })}
          />
          <NumberField
            label="Uses per code"
            value={config.codeUsageLimit}
            max={100}
            helpText="Once per customer in any case"
            error={errors.codeUsageLimit}
            onChange={(codeUsageLimit) => edit({ codeUsageLimit })}
          />
        </InlineGrid>
        <Checkbox
          label="Offer a prize wheel instead"
          helpText="Shoppers spin once when they subscribe; the prize is drawn on the server."
          checked={config.wheel !== null}
          onChange={(on) => edit({ wheel: on ? defaultPrizeWheel : null })}
        />
        {config.wheel ? (
          <WheelEditor
            wheel={config.wheel}
            currency={currency}
            errors={errors}
            missingInShopify={wheelCodesMissingInShopify}
            onChange={(wheel) => edit({ wheel })}
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}
