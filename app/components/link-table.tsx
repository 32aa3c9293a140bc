import {
  Card,
  IndexTable,
  type IndexTableProps,
  InlineStack,
  Link,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import type { ReactNode } from "react";
import { StackedList } from "~/components/stacked-list";

type Props<Item extends { id: string; name: string }> = {
  /** The list's name for a screen reader ("Campaigns"), and the table's resource name. */
  label: string;
  resourceName: { singular: string; plural: string };
  /** The columns after the first (the item's name, a link to it). */
  headings: IndexTableProps["headings"];
  items: Item[];
  pathOf: (item: Item) => string;
  /** The status badge beside the name. */
  badge: (item: Item) => ReactNode;
  /** The cells after the name, in the order of `headings` after the first. */
  cells: (item: Item) => ReactNode[];
  /** On a phone: the lines under the name and badge. */
  lines: (item: Item) => string[];
};

/** A list of a store's objects, each row opening one: a table on a wide screen, a stacked list on a phone. */
export function LinkTable<Item extends { id: string; name: string }>(props: Props<Item>) {
  const { label, resourceName, headings, items, pathOf, badge, cells, lines } = props;
  const { smDown } = useBreakpoints();
  return (
    <Card padding="0">
      {smDown ? (
        <StackedList label={label} items={items}>
          {(item) => (
            <>
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Link url={pathOf(item)} removeUnderline>
                  <Text as="span" fontWeight="semibold" breakWord>
                    {item.name}
                  </Text>
                </Link>
                {badge(item)}
              </InlineStack>
              {lines(item).map((line) => (
                <Text as="p" variant="bodySm" tone="subdued" key={line}>
                  {line}
                </Text>
              ))}
            </>
          )}
        </StackedList>
      ) : (
        <IndexTable
          resourceName={resourceName}
          itemCount={items.length}
          headings={headings}
          selectable={false}
        >
          {items.map((item, index) => (
            <IndexTable.Row id={item.id} key={item.id} position={index}>
              <IndexTable.Cell>
                <Link url={pathOf(item)} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {item.name}
                  </Text>
                </Link>
              </IndexTable.Cell>
              {cells(item).map((cell, column) => (
                <IndexTable.Cell key={column}>{cell}</IndexTable.Cell>
              ))}
            </IndexTable.Row>
          ))}
        </IndexTable>
      )}
    </Card>
  );
}

/** A figure in its table cell, aligned to the right. */
export function NumberCell({ children }: { children: ReactNode }) {
  return (
    <Text as="span" alignment="end" numeric>
      {children}
    </Text>
  );
}
