import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { formatMoney, formatNumber } from "~/lib/format";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";
import { revenueText } from "../popup-builder/stats-format";

type Props = { revenue: AttributedRevenue[]; flowRevenue: AttributedRevenue[] };

/**
 * Orders that used a popup's discount code, their total per currency (currencies are never added up), and
 * the part of them an automation's email came before.
 */
export function RevenueCard({ revenue, flowRevenue }: Props) {
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Revenue from popups
          </Text>
          <Text as="p" tone="subdued">
            Shopify orders that used a popup's discount code
          </Text>
        </BlockStack>
        {revenue.length === 0 ? (
          <Text as="p">No attributed orders yet</Text>
        ) : (
          <InlineStack gap="800" wrap>
            {revenue.map((row) => (
              <BlockStack key={row.currency} gap="100">
                <Text as="p" variant="heading2xl">
                  {formatMoney(row.total, row.currency)}
                </Text>
                <Text as="p" tone="subdued">
                  {`${formatNumber(row.orders)} ${row.orders === 1 ? "order" : "orders"} in ${row.currency}`}
                </Text>
              </BlockStack>
            ))}
          </InlineStack>
        )}
        {flowRevenue.length > 0 ? (
          <Text as="p" tone="subdued">
            {`Of which after an automation's email: ${revenueText(flowRevenue)}`}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
