import type { IndexTableProps } from "@shopify/polaris";
import { LinkTable, NumberCell } from "~/components/link-table";
import { revenueText } from "~/components/popup-builder/stats-format";
import type { Received } from "~/lib/api-client";
import { formatNumber } from "~/lib/format";
import type { FlowListItem } from "~/lib/schemas/flow-views";
import { flowPath } from "./paths";
import { FlowStatusBadge } from "./status-badge";

type Props = { storeId: string; flows: Received<FlowListItem>[] };

const headings: IndexTableProps["headings"] = [
  { title: "Flow" },
  { title: "Status" },
  { title: "Entered", alignment: "end" },
  { title: "Revenue" },
];

/** The store's flows with how many subscribers entered each and the orders each led to; a row opens the flow. */
export function FlowTable({ storeId, flows }: Props) {
  return (
    <LinkTable
      label="Automations"
      resourceName={{ singular: "flow", plural: "flows" }}
      headings={headings}
      items={flows}
      pathOf={(flow) => flowPath(storeId, flow.id)}
      badge={(flow) => <FlowStatusBadge status={flow.status} />}
      cells={(flow) => [
        <FlowStatusBadge key="status" status={flow.status} />,
        <NumberCell key="entered">{formatNumber(flow.entered)}</NumberCell>,
        revenueText(flow.revenue),
      ]}
      lines={(flow) => [`Entered: ${formatNumber(flow.entered)} · Revenue: ${revenueText(flow.revenue)}`]}
    />
  );
}
