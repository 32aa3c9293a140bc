import { Card, Page, Text } from "@shopify/polaris";
import type { ReactNode } from "react";
import { useAppContext } from "./app-context";
import { NoStores } from "./no-stores";

type Props = { title: string; subtitle?: string; noStoresHeading?: string; children?: ReactNode };

/** A store screen's page: the empty state until a store exists, then the selected store's content. */
export function StoreSectionPage({ title, subtitle, noStoresHeading, children }: Props) {
  const { stores, selectedStoreId } = useAppContext();
  const store = stores.find((candidate) => candidate.id === selectedStoreId);
  return (
    <Page title={title} subtitle={subtitle}>
      {store ? (
        (children ?? (
          <Card>
            <Text as="p">{store.name}</Text>
          </Card>
        ))
      ) : (
        <NoStores heading={noStoresHeading} />
      )}
    </Page>
  );
}
