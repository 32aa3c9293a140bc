import { BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { formatMoney, formatNumber } from "~/lib/format";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";

/** Orders that used a popup's discount code, their total per currency (currencies are never added up). */
export function RevenueCard({ revenue }: { revenue: AttributedRevenue[] }) {
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
      </BlockStack>
    </Card>
  );
}
