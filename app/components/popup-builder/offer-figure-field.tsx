import type { OfferKind } from "../../../popup/offer";
import { NumberField } from "./number-field";

export const OFFER_KIND_OPTIONS: { label: string; value: OfferKind }[] = [
  { label: "Percentage off", value: "percentage" },
  { label: "Amount off", value: "fixed-amount" },
  { label: "Free shipping", value: "free-shipping" },
];

/** The figure an offer kind needs: its percentage, its amount in the store's currency, or none. */
export function OfferFigureField({
  kind,
  percentage,
  amount,
  currency,
  errors,
  onPercentage,
  onAmount,
}: {
  kind: OfferKind;
  percentage: number;
  amount: number;
  currency: string;
  errors: { percentage?: string; amount?: string };
  onPercentage: (value: number) => void;
  onAmount: (value: number) => void;
}) {
  if (kind === "free-shipping") return null;
  return kind === "percentage" ? (
    <NumberField
      label="Discount percentage"
      value={percentage}
      suffix="%"
      max={100}
      error={errors.percentage}
      onChange={onPercentage}
    />
  ) : (
    <NumberField
      label="Amount off"
      decimals
      min={0.01}
      max={1_000_000}
      value={amount}
      suffix={currency}
      error={errors.amount}
      onChange={onAmount}
    />
  );
}
