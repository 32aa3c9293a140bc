import {
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useState } from "react";
import { type CartValidation, cartValidationTypes } from "../../../popup/config";

const typeLabels: Record<CartValidation["validationType"], string> = {
  none: "No cart rule",
  minimum: "Cart total at least the minimum",
  maximum: "Cart total at most the maximum",
  below_threshold: "Cart total below the threshold",
};
const AMOUNT_ERROR = "Amounts must be at least 0";

type Props = { value: CartValidation; onSave: (value: CartValidation) => Promise<boolean> };
type AmountField = "minimumAmount" | "maximumAmount" | "belowThreshold";

/** SPEC §2: cart validation needs an explicit save. Amounts ≥ 0, step 0.01. */
export function CartValidationCard({ value, onSave }: Props) {
  const [draft, setDraft] = useState(value);
  const [amounts, setAmounts] = useState({
    minimumAmount: String(value.minimumAmount),
    maximumAmount: String(value.maximumAmount),
    belowThreshold: String(value.belowThreshold),
  });
  const [saving, setSaving] = useState(false);
  const invalid = (field: AmountField) => !(Number(amounts[field]) >= 0) || amounts[field].trim() === "";
  const anyInvalid = (["minimumAmount", "maximumAmount", "belowThreshold"] as const).some(invalid);

  const amountField = (field: AmountField, label: string) => (
    <TextField
      label={label}
      type="number"
      min={0}
      step={0.01}
      prefix="$"
      value={amounts[field]}
      error={invalid(field) ? AMOUNT_ERROR : undefined}
      onChange={(next) => setAmounts((current) => ({ ...current, [field]: next }))}
      autoComplete="off"
    />
  );

  async function save() {
    setSaving(true);
    await onSave({
      ...draft,
      minimumAmount: Number(amounts.minimumAmount),
      maximumAmount: Number(amounts.maximumAmount),
      belowThreshold: Number(amounts.belowThreshold),
    });
    setSaving(false);
  }

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Cart validation
        </Text>
        <Text as="p" tone="subdued">
          Show the popup only for some cart totals (Shopify stores; other sites ignore this rule).
        </Text>
        <Checkbox
          label="Enable cart validation"
          checked={draft.enabled}
          onChange={(enabled) => setDraft({ ...draft, enabled })}
        />
        <Select
          label="Rule"
          options={cartValidationTypes.map((type) => ({ value: type, label: typeLabels[type] }))}
          value={draft.validationType}
          onChange={(type) =>
            setDraft({ ...draft, validationType: type as CartValidation["validationType"] })
          }
        />
        <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
          {amountField("minimumAmount", "Minimum amount")}
          {amountField("maximumAmount", "Maximum amount")}
          {amountField("belowThreshold", "Below threshold")}
        </InlineGrid>
        <InlineStack align="end">
          <Button variant="primary" onClick={save} loading={saving} disabled={anyInvalid}>
            Save cart validation
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
