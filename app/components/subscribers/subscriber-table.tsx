import { Box, Button, ButtonGroup, Card, IndexTable, InlineStack, Text } from "@shopify/polaris";
import type { MouseEvent } from "react";
import type { Received } from "~/lib/api-client";
import { formatDate, formatNumber } from "~/lib/format";
import type { SubscriberListRow } from "~/lib/schemas/subscribers";
import { CouponBadge, StatusBadge } from "./badges";

type SubscriberRow = Received<SubscriberListRow>;

type Props = {
  rows: SubscriberRow[];
  total: number;
  totalIsCapped: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  canManage: boolean;
  onLoadMore: () => void;
  onView: (row: SubscriberRow) => void;
  onDelete: (row: SubscriberRow) => void;
};

const resourceName = { singular: "subscriber", plural: "subscribers" };
const headings: [{ title: string }, ...{ title: string }[]] = [
  { title: "Email" },
  { title: "Name" },
  { title: "Status" },
  { title: "Coupon" },
  { title: "Code" },
  { title: "Subscribed" },
  { title: "Actions" },
];

/** A button inside a clickable row must not also open the row's details. */
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

function summary(shown: number, total: number, capped: boolean): string {
  const of = capped ? `${formatNumber(total)}+` : formatNumber(total);
  return `Showing ${formatNumber(shown)} of ${of} ${total === 1 && !capped ? "subscriber" : "subscribers"}`;
}

/** SPEC §2 Subscribers table: one row per subscriber, newest first; a row opens its details. */
export function SubscriberTable(props: Props) {
  const { rows, canManage, onView, onDelete } = props;
  return (
    <Card padding="0">
      <IndexTable resourceName={resourceName} itemCount={rows.length} headings={headings} selectable={false}>
        {rows.map((row, index) => (
          <IndexTable.Row id={row.id} key={row.id} position={index} onClick={() => onView(row)}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                {row.email}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{row.name || "—"}</IndexTable.Cell>
            <IndexTable.Cell>
              <StatusBadge isActive={row.isActive} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <CouponBadge code={row.discountCodeSent} used={row.discountCodeUsed} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" tone={row.discountCodeSent ? undefined : "subdued"}>
                {row.discountCodeSent ?? "—"}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDate(row.subscribedAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the row; the buttons inside are the controls */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard activation of a button does not reach the row */}
              <div onClick={stopRowClick}>
                <ButtonGroup>
                  <Button
                    variant="plain"
                    accessibilityLabel={`View ${row.email}`}
                    onClick={() => onView(row)}
                  >
                    View
                  </Button>
                  {canManage ? (
                    <Button
                      variant="plain"
                      tone="critical"
                      accessibilityLabel={`Delete ${row.email}`}
                      onClick={() => onDelete(row)}
                    >
                      Delete
                    </Button>
                  ) : null}
                </ButtonGroup>
              </div>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
      <Box padding="300" borderBlockStartWidth="025" borderColor="border">
        <InlineStack align="space-between" blockAlign="center" gap="300">
          <Text as="p" tone="subdued" variant="bodySm">
            {summary(rows.length, props.total, props.totalIsCapped)}
          </Text>
          {props.hasMore ? (
            <Button onClick={props.onLoadMore} loading={props.loadingMore}>
              Load more
            </Button>
          ) : null}
        </InlineStack>
      </Box>
    </Card>
  );
}
