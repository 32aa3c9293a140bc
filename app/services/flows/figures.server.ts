import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, flowRuns, flowSends, orderAttributions } from "~/db/schema";
import type { AttributedRevenue } from "~/lib/schemas/popup-stats";
import { ATTRIBUTION_WINDOW } from "~/services/campaigns/stats.server";
import { revenueByCurrency } from "~/services/stores/revenue.server";

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

/**
 * Orders a flow's message (of `stepId` when given) led to, as campaigns count theirs (campaigns/stats.server.ts):
 * the subscriber ordered with their code within the window after the message, and no later message of a
 * flow or a campaign reached them before the order (the last message touched gets it).
 */
export function ordersAfterFlow(storeId: string, flowId: string, stepId?: string): SQL {
  const step = stepId ? sql`and touched.step_id = ${stepId}` : sql``;
  return and(
    eq(orderAttributions.storeId, storeId),
    isNotNull(orderAttributions.subscriberId),
    sql`exists (
      select 1 from ${flowSends} as touched
      where touched.flow_id = ${flowId} ${step}
        and touched.subscriber_id = ${orderAttributions.subscriberId}
        and touched.status = 'sent'
        and touched.sent_at <= ${orderAttributions.orderedAt}
        and ${orderAttributions.orderedAt} < touched.sent_at + interval '${sql.raw(ATTRIBUTION_WINDOW)}'
        and not exists (
          select 1 from ${flowSends} as later
          where later.subscriber_id = touched.subscriber_id and later.status = 'sent'
            and later.sent_at > touched.sent_at and later.sent_at <= ${orderAttributions.orderedAt}
        )
        and not exists (
          select 1 from ${campaignSends} as later
          where later.subscriber_id = touched.subscriber_id and later.status = 'sent'
            and later.sent_at > touched.sent_at and later.sent_at <= ${orderAttributions.orderedAt}
        )
    )`,
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

/** The orders of the stores' flows (any flow), per currency: the dashboard's revenue card shows them. */
export function revenueOfAllFlows(storeIds: string[]): Promise<AttributedRevenue[]> {
  return revenueByCurrency(
    and(
      inArray(orderAttributions.storeId, storeIds),
      sql`exists (
        select 1 from ${flowSends} as touched
        where touched.subscriber_id = ${orderAttributions.subscriberId}
          and touched.status = 'sent'
          and touched.sent_at <= ${orderAttributions.orderedAt}
          and ${orderAttributions.orderedAt} < touched.sent_at + interval '${sql.raw(ATTRIBUTION_WINDOW)}'
      )`,
    ),
  );
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
