import { BlockStack, Box } from "@shopify/polaris";
import type { ReactNode } from "react";

type Props<Item> = { label: string; items: readonly Item[]; children: (item: Item) => ReactNode };

/**
 * A table's phone layout: one block per row, its columns as stacked lines (a plain list, so a screen
 * reader announces how many there are).
 */
export function StackedList<Item extends { id: string }>({ label, items, children }: Props<Item>) {
  return (
    <ul className="np-row-stack" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <Box padding="300" borderBlockEndWidth="025" borderColor="border">
            <BlockStack gap="150">{children(item)}</BlockStack>
          </Box>
        </li>
      ))}
    </ul>
  );
}
