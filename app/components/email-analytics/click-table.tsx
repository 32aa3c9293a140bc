import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  IndexTable,
  IndexTableSelectionType,
  InlineStack,
  Text,
  useBreakpoints,
  useIndexResourceState,
} from "@shopify/polaris";
import type { MouseEvent } from "react";
import { StackedList } from "~/components/stacked-list";
import type { Received } from "~/lib/api-client";
import { formatDate, formatNumber } from "~/lib/format";
import type { TrackedLink } from "~/lib/schemas/email-analytics";

type ClickRow = Received<TrackedLink>;

type Props = {
  rows: ClickRow[];
  onDelete: (id: string) => void;
  /** Asks to delete the selected rows; `done` clears the selection once they are gone. */
  onDeleteSelected: (ids: string[], done: () => void) => void;
};

const resourceName = { singular: "analytics record", plural: "analytics records" };
const headings: [{ title: string }, ...{ title: string }[]] = [
  { title: "Email" },
  { title: "Link" },
  { title: "Sent" },
  { title: "Status" },
  { title: "Clicked" },
  { title: "Clicks" },
  { title: "IP address" },
  { title: "Actions" },
];

/** A button inside a selectable row must not also toggle the row's checkbox. */
/** Shown instead of a subscriber's address to a member without View Subscribers (the server sends none). */
const HIDDEN_ADDRESS = "Hidden: needs View Subscribers";

const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** SPEC §2 Email Analytics table: one row per tracked link, selectable for bulk deletion. */
export function ClickTable({ rows, onDelete, onDeleteSelected }: Props) {
  const { selectedResources, allResourcesSelected, handleSelectionChange, clearSelection } =
    useIndexResourceState(rows);
  // A row deleted on its own may still be in the selection; count only rows still shown.
  const shown = new Set(rows.map((row) => row.id));
  const selectedIds = selectedResources.filter((id) => shown.has(id));
  const selected = selectedIds.length;
  const { smDown } = useBreakpoints();
  const deleteSelected = () => onDeleteSelected(selectedIds, clearSelection);

  if (smDown) {
    return (
      <Card padding="0">
        {rows.length === 0 ? (
          <Box padding="400">
            <Text as="p" alignment="center" tone="subdued">
              No email data available
            </Text>
          </Box>
        ) : (
          <>
            {selected > 0 ? (
              <Box padding="300" borderBlockEndWidth="025" borderColor="border">
                <Button tone="critical" onClick={deleteSelected}>{`Delete Selected (${selected})`}</Button>
              </Box>
            ) : null}
            <ClickStack
              rows={rows}
              selectedIds={selectedIds}
              onToggle={(id, on) => handleSelectionChange(IndexTableSelectionType.Single, on, id)}
              onDelete={onDelete}
            />
          </>
        )}
      </Card>
    );
  }

  return (
    <Card padding="0">
      <IndexTable
        resourceName={resourceName}
        itemCount={rows.length}
        selectedItemsCount={allResourcesSelected ? "All" : selected}
        onSelectionChange={handleSelectionChange}
        headings={headings}
        promotedBulkActions={[
          {
            content: `Delete Selected (${selected})`,
            onAction: deleteSelected,
          },
        ]}
        emptyState={
          <Text as="p" alignment="center" tone="subdued">
            No email data available
          </Text>
        }
      >
        {rows.map((row, index) => (
          <IndexTable.Row id={row.id} key={row.id} position={index} selected={selectedIds.includes(row.id)}>
            <IndexTable.Cell>
              <Address row={row} />
            </IndexTable.Cell>
            <IndexTable.Cell>
              <div
                title={row.originalUrl}
                style={{ maxWidth: 240, overflow: "hidden", textOverflow: "ellipsis" }}
              >
                {row.originalUrl}
              </div>
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDate(row.createdAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              <ClickStatus row={row} />
            </IndexTable.Cell>
            <IndexTable.Cell>{formatDate(row.clickedAt)}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end" numeric>
                {formatNumber(row.clickCount)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{row.ipAddress ?? "—"}</IndexTable.Cell>
            <IndexTable.Cell>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the row; the button inside is the control */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard activation of the button does not toggle the row */}
              <div onClick={stopRowClick}>
                <DeleteButton row={row} onDelete={onDelete} plain />
              </div>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
    </Card>
  );
}

function Address({ row }: { row: ClickRow }) {
  return row.subscriberEmail === null ? (
    <Text as="span" tone="subdued">
      {HIDDEN_ADDRESS}
    </Text>
  ) : (
    <Text as="span" fontWeight="semibold" breakWord>
      {row.subscriberEmail}
    </Text>
  );
}

const ClickStatus = ({ row }: { row: ClickRow }) =>
  row.isClicked ? <Badge tone="success">Clicked</Badge> : <Badge tone="info">Sent</Badge>;

type DeleteProps = { row: ClickRow; onDelete: (id: string) => void; plain?: boolean };

function DeleteButton({ row, onDelete, plain = false }: DeleteProps) {
  return (
    <Button
      variant={plain ? "plain" : undefined}
      tone="critical"
      accessibilityLabel={`Delete the record for ${row.subscriberEmail ?? row.originalUrl}`}
      onClick={() => onDelete(row.id)}
    >
      Delete
    </Button>
  );
}

type StackProps = {
  rows: ClickRow[];
  selectedIds: string[];
  onToggle: (id: string, selected: boolean) => void;
  onDelete: (id: string) => void;
};

/** The phone layout: one block per tracked link, every column on screen, selectable for bulk deletion. */
function ClickStack({ rows, selectedIds, onToggle, onDelete }: StackProps) {
  return (
    <StackedList label="Analytics records" items={rows}>
      {(row) => (
        <>
          <Address row={row} />
          <Text as="p" variant="bodySm" breakWord>
            {row.originalUrl}
          </Text>
          <InlineStack gap="200" blockAlign="center">
            <ClickStatus row={row} />
            <Text as="span" variant="bodySm" tone="subdued">
              {`Clicks: ${formatNumber(row.clickCount)}`}
            </Text>
          </InlineStack>
          <Text as="p" variant="bodySm" tone="subdued">
            {`Sent: ${formatDate(row.createdAt)} · Clicked: ${formatDate(row.clickedAt)} · IP: ${row.ipAddress ?? "—"}`}
          </Text>
          <InlineStack align="space-between" blockAlign="center">
            <Checkbox
              label="Select"
              checked={selectedIds.includes(row.id)}
              onChange={(checked) => onToggle(row.id, checked)}
            />
            <DeleteButton row={row} onDelete={onDelete} />
          </InlineStack>
        </>
      )}
    </StackedList>
  );
}
