import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { flowRuns, flows } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import type { FlowDetail, FlowListItem } from "~/lib/schemas/flow-views";
import type { FlowUpdate, NewFlow } from "~/lib/schemas/flows";
import { conflict, notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { storePostalAddress } from "~/services/email/template.server";
import { requireStore } from "~/services/stores/crud.server";
import { cursorGoingLive } from "./engine.server";
import { enteredOf, revenueOfFlows } from "./figures.server";
import { builtInFlow } from "./templates.server";

export type FlowRow = typeof flows.$inferSelect;

const FLOW_NOT_FOUND = "Flow not found";
const CHECKOUT_NEEDS_SHOPIFY = "An abandoned-checkout flow needs a store connected to Shopify";

/** A flow of a store the actor may manage campaigns of; another organization's ids are not found. */
export async function requireFlow(actor: Actor, storeId: string, flowId: string): Promise<FlowRow> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  if (!isUuid(flowId)) throw notFound(FLOW_NOT_FOUND);
  const [flow] = await db()
    .select()
    .from(flows)
    .where(and(eq(flows.storeId, store.id), eq(flows.id, flowId)));
  if (!flow) throw notFound(FLOW_NOT_FOUND);
  return flow;
}

/** The flow's active runs by the step they will run next. */
async function activeRunsByStep(flowId: string): Promise<Map<string | null, number>> {
  const rows = await db()
    .select({ stepId: flowRuns.stepId, runs: sql<number>`count(*)`.mapWith(Number) })
    .from(flowRuns)
    .where(and(eq(flowRuns.flowId, flowId), eq(flowRuns.status, "active")))
    .groupBy(flowRuns.stepId);
  return new Map(rows.map((row) => [row.stepId, row.runs]));
}

function presentFlow({ enteredThrough: _through, ...flow }: FlowRow) {
  return flow;
}

/** The flow, with how many active runs an edit of each step would still reach. */
export async function flowDetail(flow: FlowRow): Promise<FlowDetail> {
  const byStep = await activeRunsByStep(flow.id);
  const runsBefore: Record<string, number> = {};
  let reached = 0;
  for (const step of flow.steps) {
    reached += byStep.get(step.id) ?? 0;
    runsBefore[step.id] = reached;
  }
  const active = [...byStep.values()].reduce((sum, runs) => sum + runs, 0);
  return { ...presentFlow(flow), active, runsBefore };
}

export async function listFlows(actor: Actor, storeId: string): Promise<FlowListItem[]> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  const rows = await db()
    .select()
    .from(flows)
    .where(eq(flows.storeId, store.id))
    .orderBy(desc(flows.createdAt), desc(flows.id));
  const ids = rows.map((row) => row.id);
  const [entered, revenue] = await Promise.all([enteredOf(ids), revenueOfFlows(store.id, ids)]);
  return rows.map((row) => ({
    ...presentFlow(row),
    entered: entered.get(row.id)?.entered ?? 0,
    active: entered.get(row.id)?.active ?? 0,
    revenue: revenue.get(row.id) ?? [],
  }));
}

export async function getFlow(actor: Actor, storeId: string, flowId: string): Promise<FlowDetail> {
  return flowDetail(await requireFlow(actor, storeId, flowId));
}

/** Going live lets in those who subscribe from now on (nobody from before enters). */
const goingLive = (status: FlowRow["status"] | undefined, before?: FlowRow["status"]) =>
  status === "live" && before !== "live" ? { enteredThrough: cursorGoingLive() } : {};

export async function createFlow(actor: Actor, storeId: string, input: NewFlow): Promise<FlowDetail> {
  authorize(actor, "manage_campaigns");
  const store = await requireStore(actor, storeId);
  const values =
    "template" in input
      ? { ...builtInFlow(input.template, await storePostalAddress(store.id)), template: input.template }
      : input;
  if (values.trigger === "checkout_abandoned" && !store.shopifyDomain) throw conflict(CHECKOUT_NEEDS_SHOPIFY);
  const [row] = await db()
    .insert(flows)
    .values({ ...values, storeId: store.id, ...goingLive("status" in values ? values.status : undefined) })
    .returning();
  if (!row) throw notFound(FLOW_NOT_FOUND);
  return flowDetail(row);
}

/**
 * Changes a flow, live or not: runs that have not reached a changed step take the new version; a run whose
 * next step was removed ends (step_removed). Pausing holds every run where it is; starting again lets it go on.
 */
export async function updateFlow(
  actor: Actor,
  storeId: string,
  flowId: string,
  changes: FlowUpdate,
): Promise<FlowDetail> {
  const flow = await requireFlow(actor, storeId, flowId);
  if (changes.trigger === "checkout_abandoned" && flow.trigger !== "checkout_abandoned") {
    const store = await requireStore(actor, storeId);
    if (!store.shopifyDomain) throw conflict(CHECKOUT_NEEDS_SHOPIFY);
  }
  const [row] = await db()
    .update(flows)
    .set({ ...changes, ...goingLive(changes.status, flow.status), updatedAt: sql`now()` })
    .where(eq(flows.id, flow.id))
    .returning();
  if (!row) throw notFound(FLOW_NOT_FOUND);
  return flowDetail(row);
}

/** Deletes a flow with its runs; its sent messages' revenue goes with it. */
export async function deleteFlow(actor: Actor, storeId: string, flowId: string): Promise<void> {
  const flow = await requireFlow(actor, storeId, flowId);
  await db().delete(flows).where(eq(flows.id, flow.id));
}
