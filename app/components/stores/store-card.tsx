import { Avatar, Badge, BlockStack, Button, ButtonGroup, Card, InlineStack, Text } from "@shopify/polaris";
import type { Received } from "~/lib/api-client";
import { formatDate, formatNumber } from "~/lib/format";
import type { StoreListItem } from "~/lib/schemas/stores";

type Props = { store: Received<StoreListItem>; canRemove: boolean; onRemove: () => void };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <BlockStack gap="050">
      <Text as="span" tone="subdued" variant="bodySm">
        {label}
      </Text>
      <Text as="span" variant="headingSm">
        {value}
      </Text>
    </BlockStack>
  );
}

/** One store on Store Management (SPEC §2): identity, badges, figures and its actions. */
export function StoreCard({ store, canRemove, onRemove }: Props) {
  const url = store.customDomain ?? store.shopifyUrl ?? "";
  const configure = `/popup-builder?storeId=${store.id}`;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="300" blockAlign="center" wrap={false}>
          <Avatar
            source={store.icon ?? undefined}
            name={store.name}
            initials={store.name.slice(0, 2).toUpperCase()}
          />
          <BlockStack gap="050">
            <Text as="h2" variant="headingMd">
              {store.name}
            </Text>
            <Text as="p" tone="subdued" variant="bodySm" breakWord>
              {url}
            </Text>
          </BlockStack>
        </InlineStack>
        <InlineStack gap="200">
          <Badge tone={store.isConnected ? "success" : undefined}>
            {store.isConnected ? "Connected" : "Not Connected"}
          </Badge>
          {store.isVerified ? <Badge tone="info">Verified</Badge> : null}
        </InlineStack>
        <InlineStack gap="600">
          <Figure label="Subscribers" value={formatNumber(store.subscriberCount)} />
          <Figure label="Conversion, 30 days" value={`${store.conversionRate}%`} />
          <Figure label="Created" value={formatDate(store.createdAt)} />
        </InlineStack>
        <ButtonGroup>
          <Button url={configure}>Configure</Button>
          <Button url={`${configure}&preview=true`}>Preview</Button>
          {canRemove ? (
            <Button tone="critical" variant="plain" onClick={onRemove}>
              Remove
            </Button>
          ) : null}
        </ButtonGroup>
      </BlockStack>
    </Card>
  );
}
