import {
  Box,
  Button,
  ButtonGroup,
  Card,
  IndexTable,
  InlineStack,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import type { MouseEvent } from "react";
import { StackedList } from "~/components/stacked-list";
import type { Received } from "~/lib/api-client";
import { formatDate, formatNumber } from "~/lib/format";
import type { SubscriberListRow } from "~/lib/schemas/subscribers";
import { CouponBadge, HeldWelcomeBadge, StatusBadge, SuppressionBadge } from "./badges";

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

/**
 * SPEC §2 Subscribers table: one row per subscriber, newest first; a row opens its details. On a phone
 * the seven columns do not fit: each subscriber is a stacked block with every field and both buttons.
 */
export function SubscriberTable(props: Props) {
  const { rows, canManage, onView, onDelete } = props;
  const { smDown } = useBreakpoints();
  return (
    <Card padding="0">
      {smDown ? (
        <SubscriberStack rows={rows} canManage={canManage} onView={onView} onDelete={onDelete} />
      ) : (
        <IndexTable
          resourceName={resourceName}
          itemCount={rows.length}
          headings={headings}
          selectable={false}
        >
          {rows.map((row, index) => (
            <IndexTable.Row id={row.id} key={row.id} position={index} onClick={() => onView(row)}>
              <IndexTable.Cell>
                <Text as="span" fontWeight="semibold">
                  {row.email}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{row.name || row.firstName || "—"}</IndexTable.Cell>
              <IndexTable.Cell>
                <InlineStack gap="100">
                  <StatusBadge isActive={row.isActive} />
                  <SuppressionBadge
                    suppression={row.suppression}
                    reason={row.suppressionReason}
                    at={row.suppressedAt}
                  />
                  <HeldWelcomeBadge held={row.welcomeHeld} />
                </InlineStack>
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
                  <SubscriberActions
                    row={row}
                    canManage={canManage}
                    onView={onView}
                    onDelete={onDelete}
                    plain
                  />
                </div>
              </IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      )}
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

type StackProps = Pick<Props, "rows" | "canManage" | "onView" | "onDelete">;
type ActionsProps = Omit<StackProps, "rows"> & { row: SubscriberRow; plain?: boolean };

/** View, and Delete for those who may manage subscribers; named after the address for screen readers. */
function SubscriberActions({ row, canManage, onView, onDelete, plain = false }: ActionsProps) {
  const variant = plain ? "plain" : undefined;
  return (
    <ButtonGroup>
      <Button variant={variant} accessibilityLabel={`View ${row.email}`} onClick={() => onView(row)}>
        View
      </Button>
      {canManage ? (
        <Button
          variant={variant}
          tone="critical"
          accessibilityLabel={`Delete ${row.email}`}
          onClick={() => onDelete(row)}
        >
          Delete
        </Button>
      ) : null}
    </ButtonGroup>
  );
}

/** The phone layout: one block per subscriber, the table's columns as labelled lines. */
function SubscriberStack({ rows, canManage, onView, onDelete }: StackProps) {
  return (
    <StackedList label="Subscribers" items={rows}>
      {(row) => (
        <>
          <Text as="p" fontWeight="semibold" breakWord>
            {row.email}
          </Text>
          {row.name || row.firstName ? <Text as="p">{row.name || row.firstName}</Text> : null}
          <InlineStack gap="200" blockAlign="center">
            <StatusBadge isActive={row.isActive} />
            <SuppressionBadge
              suppression={row.suppression}
              reason={row.suppressionReason}
              at={row.suppressedAt}
            />
            <CouponBadge code={row.discountCodeSent} used={row.discountCodeUsed} />
            <HeldWelcomeBadge held={row.welcomeHeld} />
          </InlineStack>
          <Text as="p" variant="bodySm" tone="subdued">
            Code: {row.discountCodeSent ?? "—"} · Subscribed: {formatDate(row.subscribedAt)}
          </Text>
          <SubscriberActions row={row} canManage={canManage} onView={onView} onDelete={onDelete} />
        </>
      )}
    </StackedList>
  );
}
