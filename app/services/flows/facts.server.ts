import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { emailClickTracking, flowSends, orderAttributions, popupConfigs, subscribers } from "~/db/schema";
import { codeEndsAt } from "~/lib/flow-waits";
import type { ExitReason } from "~/lib/schemas/flows";

/** What the engine reads of a run's subscriber: their state on the list, their code, their last order. */
export type SubscriberFacts = {
  active: boolean;
  suppression: "bounced" | "complained" | null;
  codeUsed: boolean;
  codeEndsAt: Date;
  lastOrderAt: Date | null;
};

/** The code's validity when neither the subscriber's popup nor the store's first one is there any more. */
const DEFAULT_CODE_VALID_DAYS = 30;

/** The facts of each subscriber, read in two statements for a whole batch of runs. */
export async function factsOf(tx: Db, subscriberIds: string[]): Promise<Map<string, SubscriberFacts>> {
  if (subscriberIds.length === 0) return new Map();
  const validDays = sql<number>`coalesce(
    (select ${popupConfigs.codeValidDays} from ${popupConfigs} where ${popupConfigs.id} = ${subscribers.popupId}),
    (select first.code_valid_days from ${popupConfigs} as first where first.store_id = ${subscribers.storeId}
      order by first.created_at, first.id limit 1),
    ${DEFAULT_CODE_VALID_DAYS})`.mapWith(Number);
  const [rows, orders] = await Promise.all([
    tx
      .select({
        id: subscribers.id,
        isActive: subscribers.isActive,
        unsubscribedAt: subscribers.unsubscribedAt,
        suppression: subscribers.suppression,
        codeUsed: subscribers.discountCodeUsed,
        subscribedAt: subscribers.subscribedAt,
        validDays,
      })
      .from(subscribers)
      .where(inArray(subscribers.id, subscriberIds)),
    tx
      .select({
        subscriberId: orderAttributions.subscriberId,
        last: sql<string>`max(${orderAttributions.orderedAt})`,
      })
      .from(orderAttributions)
      .where(inArray(orderAttributions.subscriberId, subscriberIds))
      .groupBy(orderAttributions.subscriberId),
  ]);
  const lastOrders = new Map(orders.map((row) => [row.subscriberId, new Date(row.last)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        active: row.isActive && row.unsubscribedAt === null,
        suppression: row.suppression,
        codeUsed: row.codeUsed,
        codeEndsAt: codeEndsAt(row.subscribedAt, row.validDays),
        lastOrderAt: lastOrders.get(row.id) ?? null,
      },
    ]),
  );
}

/** Ordered since the run began (an order attributed to the subscriber at or after its trigger). */
export const orderedSince = (facts: SubscriberFacts, triggeredAt: Date) =>
  facts.lastOrderAt !== null && facts.lastOrderAt >= triggeredAt;

/** Why the run ends before its next step, or null: the flow's exit conditions. */
export function exitReasonOf(
  facts: SubscriberFacts,
  triggeredAt: Date,
  exitOnOrder: boolean,
): ExitReason | null {
  if (facts.suppression) return facts.suppression;
  if (!facts.active) return "unsubscribed";
  if (exitOnOrder && orderedSince(facts, triggeredAt)) return "ordered";
  return null;
}

/** Whether the run's last email before `stepIndex` had a link followed. */
export async function clickedPreviousEmail(tx: Db, runId: string, emailStepIds: string[]): Promise<boolean> {
  const last = emailStepIds.at(-1);
  if (!last) return false;
  const [row] = await tx
    .select({ clicked: sql<boolean>`bool_or(${emailClickTracking.isClicked})` })
    .from(flowSends)
    .innerJoin(emailClickTracking, eq(emailClickTracking.flowSendId, flowSends.id))
    .where(and(eq(flowSends.runId, runId), eq(flowSends.stepId, last)));
  return row?.clicked === true;
}
