import { Queue } from "bullmq";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { redis } from "~/server/redis.server";
import { enqueue } from "./client";
import { campaignsQueue } from "./queues/campaigns.config";
import { emailQueue } from "./queues/email.config";
import { maintenanceQueue } from "./queues/maintenance.config";

/** The daily subscriber summary goes out at 08:00 UTC. */
export const DAILY_SUMMARY_CRON = "0 8 * * *";
/** Retention (services/retention/retention.server.ts) is applied daily at 03:30 UTC, a quiet hour. */
export const RETENTION_CRON = "30 3 * * *";
const DAY_MS = 86_400_000;
/**
 * The welcome-email outbox is swept this often: what a lost wake-up or a dead worker (once its lease
 * lapsed) left pending goes out within about this long.
 */
export const WELCOME_OUTBOX_SWEEP_MS = 5_000;
/** Scheduled campaigns start, and a dead worker's campaign goes on, within about this long. */
export const CAMPAIGN_SWEEP_MS = 5_000;
/** New subscribers enter live flows, and due flow steps run, within about this long. */
export const FLOW_SWEEP_MS = 5_000;

/** On BullMQ: one job scheduler, however many workers start (upsert is idempotent). */
export async function registerSchedules(): Promise<void> {
  const connection = redis();
  if (!connection) return;
  const queue = new Queue(emailQueue.name, { connection, prefix: env().REDIS_PREFIX });
  await queue.upsertJobScheduler(
    "daily-summary",
    { pattern: DAILY_SUMMARY_CRON, tz: "UTC" },
    { name: "email", data: { type: "daily-summary" } },
  );
  await queue.upsertJobScheduler(
    "welcome-outbox-sweep",
    { every: WELCOME_OUTBOX_SWEEP_MS },
    {
      name: "email",
      data: { type: "send-pending-welcomes" },
      opts: { removeOnComplete: true, removeOnFail: true },
    },
  );
  await queue.close();
  const campaigns = new Queue(campaignsQueue.name, { connection, prefix: env().REDIS_PREFIX });
  await campaigns.upsertJobScheduler(
    "campaign-sweep",
    { every: CAMPAIGN_SWEEP_MS },
    {
      name: "campaigns",
      data: { type: "campaign-sweep" },
      opts: { removeOnComplete: true, removeOnFail: true },
    },
  );
  await campaigns.upsertJobScheduler(
    "flow-sweep",
    { every: FLOW_SWEEP_MS },
    {
      name: "campaigns",
      data: { type: "flow-sweep" },
      opts: { removeOnComplete: true, removeOnFail: true },
    },
  );
  await campaigns.close();
  const maintenance = new Queue(maintenanceQueue.name, { connection, prefix: env().REDIS_PREFIX });
  await maintenance.upsertJobScheduler(
    "retention",
    { pattern: RETENTION_CRON, tz: "UTC" },
    { name: "maintenance", data: { type: "apply-retention" } },
  );
  await maintenance.close();
}

/** Runs `run` every day at `hour`:`minute` UTC from `now` on; the answer stops it. */
function daily(hour: number, minute: number, now: number, run: () => void): () => void {
  const next = new Date(now);
  next.setUTCHours(hour, minute, 0, 0);
  if (next.getTime() <= now) next.setTime(next.getTime() + DAY_MS);
  let repeat: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    run();
    repeat = setInterval(run, DAY_MS).unref();
  }, next.getTime() - now).unref();
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}

/** Without Redis the web process keeps the same schedules with timers; the answer stops them. */
export function startInProcessSchedules(now = Date.now()): () => void {
  const every = (ms: number, run: () => void) => setInterval(run, ms).unref();
  const queued = (what: string, queueing: Promise<unknown>) =>
    void queueing.catch((error: unknown) => logger().error({ err: error }, `${what} not queued`));
  const timers = [
    every(WELCOME_OUTBOX_SWEEP_MS, () =>
      queued(
        "welcome outbox sweep",
        enqueue("email", { type: "send-pending-welcomes" }, { jobId: "welcome-outbox-sweep" }),
      ),
    ),
    every(CAMPAIGN_SWEEP_MS, () =>
      queued("campaign sweep", enqueue("campaigns", { type: "campaign-sweep" }, { jobId: "campaign-sweep" })),
    ),
    every(FLOW_SWEEP_MS, () =>
      queued("flow sweep", enqueue("campaigns", { type: "flow-sweep" }, { jobId: "flow-sweep" })),
    ),
  ];
  const stopSummary = daily(8, 0, now, () =>
    queued("daily summary", enqueue("email", { type: "daily-summary" })),
  );
  const stopRetention = daily(3, 30, now, () =>
    queued("retention", enqueue("maintenance", { type: "apply-retention" })),
  );
  return () => {
    stopSummary();
    stopRetention();
    for (const timer of timers) clearInterval(timer);
  };
}
