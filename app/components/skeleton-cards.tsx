import { BlockStack, Card, InlineGrid, SkeletonBodyText, SkeletonDisplayText } from "@shopify/polaris";

/** Loading placeholders: SPEC §2 shows four on the dashboard and three on the store grid. */
export function SkeletonCards({ count, columns }: { count: number; columns: { xs: number; md: number } }) {
  return (
    <InlineGrid columns={columns} gap="400">
      {Array.from({ length: count }, (_, index) => (
        <Card key={`placeholder-${index}`}>
          <BlockStack gap="300">
            <SkeletonDisplayText size="small" />
            <SkeletonBodyText lines={2} />
          </BlockStack>
        </Card>
      ))}
    </InlineGrid>
  );
}
