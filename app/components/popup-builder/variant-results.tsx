import { Badge, BlockStack, Box, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { PopupStats, VariantStats } from "~/lib/schemas/popup-stats";
import { percent, revenueText } from "./stats-format";

function figures(variant: VariantStats): [string, string][] {
  return [
    ["Impressions", variant.impressions.toLocaleString("en-US")],
    ["Subscribers", variant.subscribers.toLocaleString("en-US")],
    ["Conversion rate", percent(variant.conversionRate)],
    // The control is what the others are measured against: it has no chance of its own.
    ...(variant.isControl
      ? []
      : [
          [
            "Chance to beat control",
            // Before anyone saw it, the even odds the statistics start from say nothing.
            variant.impressions === 0 || variant.probabilityToBeatControl === null
              ? "—"
              : percent(variant.probabilityToBeatControl),
          ] as [string, string],
        ]),
    ["Revenue", revenueText(variant.revenue)],
  ];
}

/**
 * Per variant: impressions, subscribers, conversion, its chance to beat the control and its revenue. One
 * block each, side by side where there is room: five figures never fit a phone as table columns.
 */
export function VariantResults({ stats }: { stats: PopupStats }) {
  return (
    <InlineGrid columns={{ xs: 1, sm: 2 }} gap="300">
      {stats.variants.map((variant) => (
        <section key={variant.id} aria-label={`Results of variant ${variant.name}`}>
          <Box padding="300" borderWidth="025" borderColor="border" borderRadius="200">
            <BlockStack gap="200">
              <InlineStack gap="100" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  {`Variant ${variant.name}`}
                </Text>
                {variant.isControl ? <Badge>Control</Badge> : null}
                {stats.winner?.variantId === variant.id ? <Badge tone="success">Winner</Badge> : null}
              </InlineStack>
              <dl className="np-figures">
                {figures(variant).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </BlockStack>
          </Box>
        </section>
      ))}
    </InlineGrid>
  );
}
