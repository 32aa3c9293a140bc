import {
  Card,
  IndexTable,
  type IndexTableProps,
  InlineStack,
  Link,
  Text,
  useBreakpoints,
} from "@shopify/polaris";
import { revenueText } from "~/components/popup-builder/stats-format";
import { StackedList } from "~/components/stacked-list";
import type { Received } from "~/lib/api-client";
import { formatNumber } from "~/lib/format";
import type { FlowListItem } from "~/lib/schemas/flow-views";
import { flowPath } from "./paths";
import { FlowStatusBadge } from "./status-badge";

type Props = { storeId: string; flows: Received<FlowListItem>[] };

const resourceName = { singular: "flow", plural: "flows" };
const headings: IndexTableProps["headings"] = [
  { title: "Flow" },
  { title: "Status" },
  { title: "Entered", alignment: "end" },
  { title: "Revenue" },
];

/** The store's flows with how many subscribers entered each and the orders each led to; a row opens the flow. */
export function FlowTable({ storeId, flows }: Props) {
  const { smDown } = useBreakpoints();
  return (
    <Card padding="0">
      {smDown ? (
        <StackedList label="Automations" items={flows}>
          {(flow) => (
            <>
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <Link url={flowPath(storeId, flow.id)} removeUnderline>
                  <Text as="span" fontWeight="semibold" breakWord>
                    {flow.name}
                  </Text>
                </Link>
                <FlowStatusBadge status={flow.status} />
              </InlineStack>
              <Text as="p" variant="bodySm" tone="subdued">
                Entered: {formatNumber(flow.entered)} · Revenue: {revenueText(flow.revenue)}
              </Text>
            </>
          )}
        </StackedList>
      ) : (
        <IndexTable
          resourceName={resourceName}
          itemCount={flows.length}
          headings={headings}
          selectable={false}
        >
          {flows.map((flow, index) => (
            <IndexTable.Row id={flow.id} key={flow.id} position={index}>
              <IndexTable.Cell>
                <Link url={flowPath(storeId, flow.id)} dataPrimaryLink removeUnderline>
                  <Text as="span" fontWeight="semibold">
                    {flow.name}
                  </Text>
                </Link>
              </IndexTable.Cell>
              <IndexTable.Cell>
                <FlowStatusBadge status={flow.status} />
              </IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {formatNumber(flow.entered)}
                </Text>
              </IndexTable.Cell>
              <IndexTable.Cell>{revenueText(flow.revenue)}</IndexTable.Cell>
            </IndexTable.Row>
          ))}
        </IndexTable>
      )}
    </Card>
  );
}
