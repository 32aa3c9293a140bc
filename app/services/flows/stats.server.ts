import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailClickTracking, flowRuns, flowSends } from "~/db/schema";
import type { FlowStats } from "~/lib/schemas/flow-views";
import type { ExitReason } from "~/lib/schemas/flows";
import type { Actor } from "~/services/access/actor.server";
import { revenueByCurrency } from "~/services/stores/revenue.server";
import { requireFlow } from "./crud.server";
import { enteredOf, ordersAfterFlow, sendsByStep } from "./figures.server";

/** Runs by how they stand: completed, and exited per reason. */
async function outcomesOf(flowId: string) {
  return db()
    .select({
      status: flowRuns.status,
      exitReason: flowRuns.exitReason,
      runs: sql<number>`count(*)`.mapWith(Number),
    })
    .from(flowRuns)
    .where(and(eq(flowRuns.flowId, flowId), isNotNull(flowRuns.enteredAt)))
    .groupBy(flowRuns.status, flowRuns.exitReason);
}

/** Messages with a followed link, per step. */
async function clicksByStep(flowId: string) {
  const rows = await db()
    .select({
      stepId: flowSends.stepId,
      clicked: sql<number>`count(distinct ${flowSends.id})`.mapWith(Number),
    })
    .from(flowSends)
    .innerJoin(emailClickTracking, eq(emailClickTracking.flowSendId, flowSends.id))
    .where(and(eq(flowSends.flowId, flowId), eq(emailClickTracking.isClicked, true)))
    .groupBy(flowSends.stepId);
  return new Map(rows.map((row) => [row.stepId, row.clicked]));
}

/**
 * Runs that reached each step: a run reached every step before its next one (a branch's skip counts the
 * skipped steps as reached: close enough for a list of a few steps, and exact for the built-in flows).
 */
async function reachedByStep(flowId: string, stepIds: string[]): Promise<number[]> {
  const rows = await db()
    .select({ stepId: flowRuns.stepId, status: flowRuns.status, runs: sql<number>`count(*)`.mapWith(Number) })
    .from(flowRuns)
    .where(and(eq(flowRuns.flowId, flowId), isNotNull(flowRuns.enteredAt)))
    .groupBy(flowRuns.stepId, flowRuns.status);
  // A run stands before its next step; a finished run past its last step (or stopped at the step it left).
  const standing = stepIds.map(() => 0);
  let total = 0;
  for (const row of rows) {
    total += row.runs;
    const index = row.stepId === null ? stepIds.length : stepIds.indexOf(row.stepId);
    if (index >= 0 && index < stepIds.length) standing[index] = (standing[index] ?? 0) + row.runs;
  }
  const reached: number[] = [];
  let notYet = 0;
  for (let index = 0; index < stepIds.length; index += 1) {
    reached.push(total - notYet);
    notYet += standing[index] ?? 0;
  }
  return reached;
}

/** GET …/flows/:flowId/stats. */
export async function getFlowStats(actor: Actor, storeId: string, flowId: string): Promise<FlowStats> {
  const flow = await requireFlow(actor, storeId, flowId);
  const stepIds = flow.steps.map((step) => step.id);
  const [entered, outcomes, sends, clicks, reached, revenue, stepRevenue] = await Promise.all([
    enteredOf([flow.id]),
    outcomesOf(flow.id),
    sendsByStep(flow.id),
    clicksByStep(flow.id),
    reachedByStep(flow.id, stepIds),
    revenueByCurrency(ordersAfterFlow(flow.storeId, flow.id)),
    Promise.all(
      flow.steps.map((step) =>
        step.type === "email" ? revenueByCurrency(ordersAfterFlow(flow.storeId, flow.id, step.id)) : [],
      ),
    ),
  ]);
  const exited: FlowStats["exited"] = {};
  let completed = 0;
  for (const row of outcomes) {
    if (row.status === "completed") completed += row.runs;
    if (row.status === "exited" && row.exitReason) {
      const reason = row.exitReason as ExitReason;
      exited[reason] = (exited[reason] ?? 0) + row.runs;
    }
  }
  const sent = new Map(sends.map((row) => [row.stepId, row]));
  const figures = entered.get(flow.id) ?? { entered: 0, active: 0 };
  return {
    ...figures,
    completed,
    exited,
    sent: sends.reduce((sum, row) => sum + row.sent, 0),
    clicked: [...clicks.values()].reduce((sum, count) => sum + count, 0),
    opened: null,
    revenue,
    steps: flow.steps.map((step, index) => {
      const isEmail = step.type === "email";
      return {
        stepId: step.id,
        type: step.type,
        entered: reached[index] ?? 0,
        sent: isEmail ? (sent.get(step.id)?.sent ?? 0) : null,
        failed: isEmail ? (sent.get(step.id)?.failed ?? 0) : null,
        opened: null,
        clicked: isEmail ? (clicks.get(step.id) ?? 0) : null,
        revenue: stepRevenue[index] ?? [],
      };
    }),
  };
}
