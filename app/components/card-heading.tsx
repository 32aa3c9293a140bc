import { BlockStack, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** A card's heading with the line that says what the card is for, as the builder's and campaign's cards have. */
export function CardHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <BlockStack gap="100">
      <Text as="h2" variant="headingMd">
        {title}
      </Text>
      <Text as="p" variant="bodySm" tone="subdued">
        {children}
      </Text>
    </BlockStack>
  );
}
