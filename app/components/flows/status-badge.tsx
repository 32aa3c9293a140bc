import { Badge } from "@shopify/polaris";
import type { FlowStatus } from "~/lib/schemas/flows";

export function FlowStatusBadge({ status }: { status: FlowStatus }) {
  return status === "live" ? <Badge tone="success">Live</Badge> : <Badge tone="warning">Paused</Badge>;
}
