import { BlockStack, Card, Text } from "@shopify/polaris";

/** One dashboard figure, with what it counts under it (its period, its definition) when that needs saying. */
export function StatCard({ label, value, caption }: { label: string; value: string; caption?: string }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="heading2xl">
          {value}
        </Text>
        {caption ? (
          <Text as="p" variant="bodySm" tone="subdued">
            {caption}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
