import {
  Banner,
  BlockStack,
  Box,
  Button,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import type { OfferKind } from "../../../popup/offer";
import {
  MAX_WHEEL_SLICES,
  MIN_WHEEL_SLICES,
  type PrizeWheel,
  sliceChances,
  type WheelSlice,
} from "../../../popup/prize-wheel";
import { ColorField } from "./color-field";
import { NumberField } from "./number-field";
import { OFFER_KIND_OPTIONS, OfferFigureField } from "./offer-figure-field";
import type { FieldErrors } from "./types";

const NO_PRIZE = "none";
const PRIZE_OPTIONS = [{ label: "No prize", value: NO_PRIZE }, ...OFFER_KIND_OPTIONS];

/** A new slice: no prize until the merchant picks one. */
const newSlice = (index: number): WheelSlice => ({
  label: `Slice ${index + 1}`,
  color: "#6366f1",
  weight: 10,
  prize: null,
});

/**
 * The wheel's slices: label, colour, weight with the chance it gives (shown to the merchant, never to
 * shoppers), and the prize with its code. 3–8 slices; the server draws among them (docs/decisions/182).
 * `missingInShopify`: prize codes the connected Shopify store was found not to have (validateDiscountCode).
 */
export function WheelEditor({
  wheel,
  currency,
  errors,
  missingInShopify,
  onChange,
}: {
  wheel: PrizeWheel;
  currency: string;
  errors: FieldErrors;
  missingInShopify: string[];
  onChange: (wheel: PrizeWheel) => void;
}) {
  const chances = sliceChances(wheel.slices);
  const setSlices = (slices: WheelSlice[]) => onChange({ slices });
  const change = (index: number, next: Partial<WheelSlice>) =>
    setSlices(wheel.slices.map((slice, at) => (at === index ? { ...slice, ...next } : slice)));
  const setPrizeKind = (index: number, kind: string, slice: WheelSlice) =>
    change(index, {
      prize:
        kind === NO_PRIZE
          ? null
          : {
              kind: kind as OfferKind,
              percentage: kind === "percentage" ? 10 : 0,
              amount: kind === "fixed-amount" ? 5 : 0,
              minimumSubtotal: null,
              code: slice.prize?.code ?? `SPIN${index + 1}`,
            },
    });
  const wheelError = errors["wheel.slices"] ?? errors.wheel;

  return (
    <BlockStack gap="300">
      {wheelError ? (
        <Text as="p" tone="critical">
          {wheelError}
        </Text>
      ) : null}
      {wheel.slices.map((slice, index) => {
        const path = `wheel.slices.${index}`;
        const prize = slice.prize;
        return (
          // Slices have no ids: their place is what the draw names.
          <Box key={index} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  Slice {index + 1} · {chances[index]}% chance
                </Text>
                <Button
                  variant="plain"
                  tone="critical"
                  disabled={wheel.slices.length <= MIN_WHEEL_SLICES}
                  onClick={() => setSlices(wheel.slices.filter((_, at) => at !== index))}
                  accessibilityLabel={`Remove slice ${index + 1}`}
                >
                  Remove
                </Button>
              </InlineStack>
              {prize && missingInShopify.includes(prize.code) ? (
                <Banner
                  tone="warning"
                  title={`Slice ${index + 1} “${slice.label}”: ${prize.code} does not exist in your Shopify store`}
                >
                  Create it under Discounts in your Shopify admin, or enter a code that exists: a winner of
                  this slice who gets the slice's code while their own code is being made would receive a code
                  that does not work.
                </Banner>
              ) : null}
              <InlineGrid columns={{ xs: 1, sm: 3 }} gap="200">
                <TextField
                  label="Label"
                  value={slice.label}
                  maxLength={30}
                  error={errors[`${path}.label`]}
                  onChange={(label) => change(index, { label })}
                  autoComplete="off"
                />
                <ColorField
                  label="Colour"
                  value={slice.color}
                  error={errors[`${path}.color`]}
                  onChange={(color) => change(index, { color })}
                />
                <NumberField
                  label="Weight"
                  min={0}
                  max={1000}
                  value={slice.weight}
                  error={errors[`${path}.weight`]}
                  onChange={(weight) => change(index, { weight })}
                />
                <Select
                  label="Prize"
                  options={PRIZE_OPTIONS}
                  value={prize?.kind ?? NO_PRIZE}
                  onChange={(kind) => setPrizeKind(index, kind, slice)}
                />
                {prize ? (
                  <OfferFigureField
                    kind={prize.kind}
                    percentage={prize.percentage}
                    amount={prize.amount}
                    currency={currency}
                    errors={{
                      percentage: errors[`${path}.prize.percentage`],
                      amount: errors[`${path}.prize.amount`],
                    }}
                    onPercentage={(percentage) => change(index, { prize: { ...prize, percentage } })}
                    onAmount={(amount) => change(index, { prize: { ...prize, amount } })}
                  />
                ) : null}
                {prize ? (
                  <TextField
                    label="Prize code"
                    value={prize.code}
                    error={errors[`${path}.prize.code`]}
                    onChange={(code) =>
                      change(index, {
                        prize: { ...prize, code: code.replace(/[^A-Za-z0-9_-]/g, "").toUpperCase() },
                      })
                    }
                    autoComplete="off"
                  />
                ) : null}
              </InlineGrid>
            </BlockStack>
          </Box>
        );
      })}
      <InlineStack>
        <Button
          disabled={wheel.slices.length >= MAX_WHEEL_SLICES}
          onClick={() => setSlices([...wheel.slices, newSlice(wheel.slices.length)])}
        >
          Add slice
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
