import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { flowRuns, flowSends, orderAttributions } from "~/db/schema";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";
import { ordersAfterMessages, revenueByCurrency } from "~/services/stores/revenue.server";

/** Counts over flow_runs and flow_sends, for the flow list and a flow's stats. */

const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Runs that entered (their first step ran) and runs on their way, per flow. */
export async function enteredOf(
  flowIds: string[],
): Promise<Map<string, { entered: number; active: number }>> {
  if (flowIds.length === 0) return new Map();
  const rows = await db()
    .select({
      flowId: flowRuns.flowId,
      entered: counted(sql`${flowRuns.enteredAt} is not null`),
      active: counted(sql`${flowRuns.status} = 'active' and ${flowRuns.enteredAt} is not null`),
    })
    .from(flowRuns)
    .where(inArray(flowRuns.flowId, flowIds))
    .groupBy(flowRuns.flowId);
  return new Map(rows.map(({ flowId, ...figures }) => [flowId, figures]));
}

/** Orders a flow's message (of `stepId` when given) led to, as campaigns count theirs. */
export function ordersAfterFlow(storeId: string, flowId: string, stepId?: string): SQL {
  const step = stepId ? sql`and step_id = ${stepId}` : sql``;
  return and(
    eq(orderAttributions.storeId, storeId),
    ordersAfterMessages(
      sql`select subscriber_id, sent_at from ${flowSends} where flow_id = ${flowId} and status = 'sent' ${step}`,
    ),
  ) as SQL;
}

/** Each flow's attributed revenue, per currency. */
export async function revenueOfFlows(
  storeId: string,
  flowIds: string[],
): Promise<Map<string, AttributedRevenue[]>> {
  const revenues = await Promise.all(
    flowIds.map(
      async (flowId) => [flowId, await revenueByCurrency(ordersAfterFlow(storeId, flowId))] as const,
    ),
  );
  return new Map(revenues);
}

/** Sends of a flow by step: sent and failed. */
export async function sendsByStep(flowId: string) {
  return db()
    .select({
      stepId: flowSends.stepId,
      total: sql<number>`count(*)`.mapWith(Number),
      sent: counted(sql`${flowSends.status} = 'sent'`),
      failed: counted(sql`${flowSends.status} = 'failed'`),
    })
    .from(flowSends)
    .where(eq(flowSends.flowId, flowId))
    .groupBy(flowSends.stepId);
}
