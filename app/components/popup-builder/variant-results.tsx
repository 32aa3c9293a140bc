import { Badge, BlockStack, Box, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { PopupStats, VariantStats } from "~/lib/schemas/popup-stats";
import { chance, lossPoints, notCountedText, percent, revenueText, STEP_NAMES } from "./stats-format";

function figures(variant: VariantStats, stats: PopupStats): [string, string][] {
  // Before anyone saw a variant, the even odds the statistics start from say nothing.
  const seen = stats.variants.some((entry) => entry.impressions > 0);
  return [
    ["Impressions", variant.impressions.toLocaleString("en-US")],
    ["Subscribers", variant.subscribers.toLocaleString("en-US")],
    ["Conversion rate", percent(variant.conversionRate)],
    // A popup without a test has nothing to compare.
    ...(stats.variants.length > 1
      ? ([
          ["Chance to be best", seen ? chance(variant.probabilityToBeBest) : "—"],
          ["Risk if kept", seen ? lossPoints(variant.expectedLoss, "pts") : "—"],
        ] as [string, string][])
      : []),
    ["Revenue", revenueText(variant.revenue)],
    ...figureIf("Not counted", notCountedText(variant.notCounted)),
    ...stepFigures(variant),
  ];
}

/**
 * With an opener or extra fields, each step but the last: its views → continues, and the drop-off
 * (docs/decisions/186).
 */
function stepFigures({ steps }: VariantStats): [string, string][] {
  if (steps.length <= 2) return [];
  return steps.flatMap(({ step, views, continues, dropOffRate }) =>
    continues === null
      ? []
      : [
          [
            STEP_NAMES[step],
            `${views.toLocaleString("en-US")} → ${continues.toLocaleString("en-US")}, ${percent(dropOffRate ?? 0)} drop-off`,
          ] as [string, string],
        ],
  );
}

const figureIf = (label: string, value: string | null): [string, string][] => (value ? [[label, value]] : []);

/** Why some impressions and subscribers are not in the figures, shown when there are such. */
const NOT_COUNTED_NOTE =
  "Not counted: impressions past the daily limit per visitor address (or from an outdated script), and " +
  "subscribers who had no counted impression of their variant. They stay out of the rates and the winner; " +
  "the subscribers are on your list all the same.";

/**
 * Per variant: impressions, subscribers, conversion, its chance to be the best and the expected loss of
 * keeping it (the conversion rate given up should another be better), its revenue and what
 * the test did not count (when it left anything out). One block each, side by side where there is room: five figures never fit a phone as table columns.
 */
export function VariantResults({ stats }: { stats: PopupStats }) {
  const anyNotCounted = stats.variants.some((variant) => notCountedText(variant.notCounted));
  return (
    <BlockStack gap="200">
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
                  {figures(variant, stats).map(([label, value]) => (
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
      {anyNotCounted ? (
        <Text as="p" variant="bodySm" tone="subdued">
          {NOT_COUNTED_NOTE}
        </Text>
      ) : null}
    </BlockStack>
  );
}
