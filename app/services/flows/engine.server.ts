import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import { type Db, db } from "~/db/client.server";
import { emailSettings, flowRuns, flowSends, flows, subscribers } from "~/db/schema";
import { waitEnds } from "~/lib/flow-waits";
import { type QuietHours, quietUntil } from "~/lib/quiet-hours";
import type { BranchStep, ExitReason } from "~/lib/schemas/flows";
import { quietHoursColumns } from "~/services/campaigns/settings.server";
import {
  clickedPreviousEmail,
  exitReasonOf,
  factsOf,
  orderedSince,
  type SubscriberFacts,
} from "./facts.server";

/**
 * The flow engine (docs/decisions/191). Subscribers enter live flows (enterFlows), and due runs go through
 * their steps (advanceDueRuns): each batch of runs is claimed with FOR UPDATE SKIP LOCKED inside one
 * transaction that runs their steps and moves them on, so a step runs once whoever advances the run, and a
 * killed worker's batch is rolled back whole and taken again. An email step only writes its message to the
 * outbox (flow_sends, delivery.server.ts); a wait sets the run's next due time; a branch picks the next step.
 * An email step due inside the store's quiet hours waits for their end (docs/decisions/193), in the same way.
 */

/** Runs advanced per transaction. */
const BATCH_SIZE = 200;

/**
 * How far before a flow's cursor each look for new subscribers starts: a subscription's time is its
 * transaction's start, so one still committing when the cursor moved has an earlier time than the cursor.
 */
const ENTRY_OVERLAP = "10 seconds";

type Run = typeof flowRuns.$inferSelect;
type Flow = typeof flows.$inferSelect;

/**
 * The cursor of a flow going live: the overlap ahead of now, so that the first looks (which start the overlap
 * before the cursor, and never move it back) let in nobody who subscribed before.
 */
export const cursorGoingLive = () => sql`now() + interval '${sql.raw(ENTRY_OVERLAP)}'`;

/** A double opt-in confirmed later than this after subscribing lets nobody in (the look stays on recent rows). */
const CONFIRMATION_WINDOW = "7 days";

/**
 * Who a trigger lets in, among the store's subscribers, since the flow's cursor (its value before this look:
 * the statement reads the flows as they were when it began).
 */
function joinedSince(trigger: Flow["trigger"]) {
  const since = sql`${flows.enteredThrough} - interval '${sql.raw(ENTRY_OVERLAP)}'`;
  const recent = sql`${subscribers.subscribedAt} > ${since} - interval '${sql.raw(CONFIRMATION_WINDOW)}'`;
  const confirmed = sql`${subscribers.confirmationRequired} and ${subscribers.confirmedAt} > ${since}`;
  if (trigger === "confirmed") return sql`${recent} and ${confirmed}`;
  // An import's rows are let in by its own statement (entry.server.ts): their time is the import's start.
  return sql`${recent} and ${subscribers.source} <> 'import'
    and ((${subscribers.subscribedAt} > ${since} and not ${subscribers.confirmationRequired}) or (${confirmed}))`;
}

/**
 * Lets the subscribers who joined (or confirmed) since each live flow's cursor in, in one statement per
 * trigger, and moves the cursors on; a subscriber already in the flow is not let in twice. Their runs are
 * due at `now` (the caller's clock).
 */
export async function enterFlows(now = new Date()): Promise<number> {
  let entered = 0;
  for (const trigger of ["subscribed", "confirmed"] as const) {
    const inserted = await db().execute(sql`
      with moved as (
        update ${flows} set entered_through = greatest(${flows.enteredThrough}, now())
        where ${flows.status} = 'live' and ${flows.trigger} = ${trigger}
        returning ${flows.id} as flow_id, ${flows.storeId} as store_id, ${flows.steps} as steps
      )
      insert into ${flowRuns} (flow_id, store_id, subscriber_id, step_id, run_at, triggered_at)
      select moved.flow_id, moved.store_id, ${subscribers.id}, moved.steps -> 0 ->> 'id', ${now.toISOString()}::timestamptz, now()
      from moved join ${subscribers} on ${subscribers.storeId} = moved.store_id
      join ${flows} on ${flows.id} = moved.flow_id
      where ${subscribers.isActive} and ${subscribers.suppression} is null and ${joinedSince(trigger)}
      on conflict do nothing
      returning id`);
    entered += (inserted as unknown as { rows: unknown[] }).rows.length;
  }
  return entered;
}

/** What a run's walk through its steps comes to. */
type Outcome = {
  stepId: string | null;
  runAt: Date;
  status: Run["status"];
  exitReason: ExitReason | null;
  emails: string[];
};

const finished = (status: "completed" | "exited", exitReason: ExitReason | null = null) => ({
  status,
  exitReason,
});

/**
 * Runs a run's steps from its next one until it waits or ends. Steps are read from the flow as it is now:
 * an edit reaches every run that has not passed the changed step. An email step inside the store's quiet
 * hours stays the run's next step, due when they end: it runs then, once, after the exits are checked again.
 */
async function walk(
  tx: Db,
  { run, flow, quiet }: Due,
  facts: SubscriberFacts | undefined,
  now: Date,
): Promise<Outcome> {
  const outcome: Outcome = { stepId: run.stepId, runAt: now, status: "active", exitReason: null, emails: [] };
  const steps = flow.steps;
  const sentBefore = steps.filter((step) => step.type === "email").map((step) => step.id);
  for (let guard = 0; guard <= steps.length; guard += 1) {
    const exit = facts ? exitReasonOf(facts, run.triggeredAt, flow.exitOnOrder) : "subscriber_deleted";
    if (exit) return { ...outcome, ...finished("exited", exit) };
    if (outcome.stepId === null) return { ...outcome, ...finished("completed") };
    const index = steps.findIndex((step) => step.id === outcome.stepId);
    const step = steps[index];
    if (!step || !facts) return { ...outcome, ...finished("exited", "step_removed") };
    const quietEnds = step.type === "email" && quiet ? quietUntil(now, quiet) : null;
    if (quietEnds) return { ...outcome, stepId: step.id, runAt: quietEnds };
    const next = steps[index + 1]?.id ?? null;
    outcome.stepId = next;
    if (step.type === "email") outcome.emails.push(step.id);
    if (step.type === "wait") {
      const until = waitEnds(step.wait, { now, timeZone: flow.timeZone, codeEndsAt: facts.codeEndsAt });
      if (until > now) return { ...outcome, runAt: until };
    }
    if (step.type === "branch") {
      const earlierEmails = sentBefore.filter((id) => steps.findIndex((other) => other.id === id) < index);
      const holds = (await conditionHolds(tx, step, run, facts, earlierEmails)) === step.expect;
      if (!holds) {
        if (step.otherwise === null)
          return { ...outcome, stepId: step.id, ...finished("exited", "condition") };
        outcome.stepId = step.otherwise;
      }
    }
  }
  return outcome;
}

async function conditionHolds(
  tx: Db,
  step: BranchStep,
  run: Run,
  facts: SubscriberFacts,
  earlierEmails: string[],
): Promise<boolean> {
  switch (step.condition) {
    case "code_used":
      return facts.codeUsed;
    case "ordered":
      return orderedSince(facts, run.triggeredAt);
    case "clicked_previous":
      return clickedPreviousEmail(tx, run.id, earlierEmails);
  }
}

/** A run due to advance, its flow, and its store's quiet hours (null: the store has no email settings). */
type Due = { run: Run; flow: Flow; quiet: QuietHours | null };

/** The due runs of live flows, locked for this transaction; runs another worker holds are skipped. */
function claimDueRuns(tx: Db, now: Date, limit: number): Promise<Due[]> {
  return tx
    .select({ run: flowRuns, flow: flows, quiet: quietHoursColumns })
    .from(flowRuns)
    .innerJoin(flows, eq(flows.id, flowRuns.flowId))
    .leftJoin(emailSettings, eq(emailSettings.storeId, flowRuns.storeId))
    .where(and(eq(flowRuns.status, "active"), lte(flowRuns.runAt, now), eq(flows.status, "live")))
    .limit(limit)
    .for("update", { of: flowRuns, skipLocked: true });
}

/** Writes the batch's outcomes: their emails to the outbox, each run's next step, due time or end. */
async function record(tx: Db, outcomes: { run: Run; outcome: Outcome }[], now: Date): Promise<void> {
  const emails = outcomes.flatMap(({ run, outcome }) =>
    outcome.emails.map((stepId) => ({
      runId: run.id,
      flowId: run.flowId,
      stepId,
      storeId: run.storeId,
      subscriberId: run.subscriberId,
    })),
  );
  if (emails.length > 0) await tx.insert(flowSends).values(emails).onConflictDoNothing();
  const changes = outcomes.map(({ run, outcome }) => ({
    id: run.id,
    step_id: outcome.stepId,
    run_at: outcome.runAt.toISOString(),
    status: outcome.status,
    exit_reason: outcome.exitReason,
  }));
  await tx.execute(sql`
    update ${flowRuns} set step_id = changed.step_id, run_at = changed.run_at, status = changed.status::flow_run_status,
      exit_reason = changed.exit_reason, entered_at = coalesce(${flowRuns.enteredAt}, ${now.toISOString()}::timestamptz),
      finished_at = case when changed.status = 'active' then null else ${now.toISOString()}::timestamptz end
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb)
      as changed(id uuid, step_id text, run_at timestamptz, status text, exit_reason text)
    where ${flowRuns.id} = changed.id`);
}

/**
 * Advances the runs due at `now` (a clock of the caller's: tests move it on), a batch per transaction, until
 * none is due. Answers how many runs were advanced.
 */
export async function advanceDueRuns(now = new Date()): Promise<number> {
  let advanced = 0;
  for (;;) {
    const count = await db().transaction(async (tx) => {
      const due = await claimDueRuns(tx, now, BATCH_SIZE);
      if (due.length === 0) return 0;
      const facts = await factsOf(tx, [...new Set(due.map(({ run }) => run.subscriberId))]);
      const outcomes = [];
      for (const one of due)
        outcomes.push({ run: one.run, outcome: await walk(tx, one, facts.get(one.run.subscriberId), now) });
      await record(tx, outcomes, now);
      return due.length;
    });
    advanced += count;
    if (count < BATCH_SIZE) return advanced;
  }
}

/** Ends the active runs `which` picks (a completed checkout, a deleted step's runs) with `reason`. */
export async function exitRuns(which: SQL, reason: ExitReason): Promise<number> {
  const ended = await db()
    .update(flowRuns)
    .set({ status: "exited", exitReason: reason, finishedAt: sql`now()` })
    .where(and(eq(flowRuns.status, "active"), which))
    .returning({ id: flowRuns.id });
  return ended.length;
}
