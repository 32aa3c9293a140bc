import { BlockStack, Card, Text } from "@shopify/polaris";

/** One dashboard figure, with what it counts under it (its period, its definition) when that needs saying. */
export function StatCard({
  label,
  value,
  caption,
  level = "h3",
}: {
  label: string;
  value: string;
  caption?: string;
  /** The label's heading level: h3 under a section's heading, h2 right under the page's title. */
  level?: "h2" | "h3";
}) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as={level} variant="headingSm" tone="subdued">
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
