import type pg from "pg";
import { builtInFlow } from "../app/services/flows/templates.server";
import { campaignsQueue } from "../jobs/queues/campaigns.config";
import { tail } from "../tests/support/infra/processes";
import { groupCpuSeconds } from "./lib/cpu";
import { progress, sleep } from "./lib/log";
import { fixed, integer, type Row } from "./lib/report";
import { type MailBench, type MailRun, timeDelivery, withMailWorker } from "./welcome-email-throughput";

const RUNS = Number(process.env.BENCH_FLOW_RUNS ?? 5_000);
/** The highest sending speed a merchant may set: the store's rate is not what is measured. */
const SEND_RATE = 1_000;

export type FlowMeasurement = MailRun & {
  steps: number;
  stepsPerSecond: number;
  sent: number;
  extraMessages: number;
};

/**
 * A live flow of three steps that all run at once (a branch on the code, an email, a wait already over) and
 * RUNS runs due now, each of a new subscriber, written as the engine's entry writes them.
 */
async function dueRuns(client: pg.Client, storeId: string): Promise<{ flowId: string; stepsPerRun: number }> {
  await client.query("UPDATE email_settings SET campaign_send_rate = $2 WHERE store_id = $1", [
    storeId,
    SEND_RATE,
  ]);
  const email = builtInFlow("welcome-series", "1 Bench Street").steps.find((step) => step.type === "email");
  const steps = [
    { id: "unused", type: "branch", condition: "code_used", expect: false, otherwise: null },
    email,
    { id: "before-end", type: "wait", wait: { kind: "before_code_ends", days: 40 } },
  ];
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO flows (store_id, name, trigger, status, steps) VALUES ($1, 'Bench flow', 'subscribed', 'live', $2::jsonb)
     RETURNING id`,
    [storeId, JSON.stringify(steps)],
  );
  const flowId = rows[0]?.id;
  if (!flowId) throw new Error("no flow row");
  await client.query(
    `WITH entered AS (
       INSERT INTO subscribers (store_id, email, name, discount_code_sent)
       SELECT $1, 'flow-' || g || '-' || $3 || '@bench-company.com', 'Ada', 'WELCOME15'
       FROM generate_series(1, $2::int) AS g
       RETURNING id)
     INSERT INTO flow_runs (flow_id, store_id, subscriber_id, step_id, run_at)
     SELECT $3::uuid, $1::uuid, id, 'unused', now() FROM entered`,
    [storeId, RUNS, flowId],
  );
  return { flowId, stepsPerRun: steps.length };
}

/**
 * One `jobs/worker.ts` running one flow sweep over RUNS due runs (each run's steps in batched transactions,
 * its email through the outbox over the store's pooled SMTP transport, the store's rate at its maximum) to
 * a loopback sink, timed from queueing the sweep until the sink has RUNS messages.
 */
export function measureFlowSteps(bench: MailBench & { storeId: string }): Promise<FlowMeasurement> {
  return withMailWorker(bench, campaignsQueue.name, async ({ sink, client, queue, worker }) => {
    const { flowId, stepsPerRun } = await dueRuns(client, bench.storeId);
    progress(`worker: ${RUNS} flow runs of ${stepsPerRun} steps`);
    const run = await timeDelivery(
      sink,
      RUNS,
      () => groupCpuSeconds(worker.child.pid ?? 0),
      async () => {
        await queue.add("campaigns", { type: "flow-sweep" }, { removeOnComplete: true });
      },
    );
    await sleep(1_000);
    const { rows } = await client.query<{ sent: string }>(
      "SELECT count(*) AS sent FROM flow_sends WHERE flow_id = $1 AND status = 'sent'",
      [flowId],
    );
    if (run.messages === 0) throw new Error(`no flow email arrived:\n${tail(worker)}`);
    const steps = run.messages * stepsPerRun;
    progress(`  worker: ${steps} steps, ${run.messages} emails in ${run.seconds.toFixed(2)} s`);
    const sent = Number(rows[0]?.sent ?? 0);
    return {
      ...run,
      steps,
      stepsPerSecond: steps / run.seconds,
      sent,
      extraMessages: Math.max(0, run.messages - RUNS),
    };
  });
}

export function flowStepRows(measured: FlowMeasurement): Row[] {
  return [
    {
      measure: `Flow steps, ${integer(RUNS)} runs, 1 worker → SMTP sink`,
      result:
        `${integer(measured.stepsPerSecond)} steps/s (${integer(measured.steps)} steps, ${integer(measured.messages)} emails in ` +
        `${fixed(measured.seconds, 2)} s, ${fixed(measured.cpuMsPerMessage, 2)} CPU ms/run; ` +
        `${integer(measured.sent)} recorded sent, ${measured.extraMessages} extra)`,
      budget: "all sent once",
      pass: measured.sent === RUNS && measured.messages === RUNS && measured.extraMessages === 0,
    },
  ];
}
