import { Queue } from "bullmq";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { redis } from "~/server/redis.server";
import { enqueue } from "./client";
import { campaignsQueue } from "./queues/campaigns.config";
import { emailQueue } from "./queues/email.config";

/** The daily subscriber summary goes out at 08:00 UTC. */
export const DAILY_SUMMARY_CRON = "0 8 * * *";
const DAY_MS = 86_400_000;
/**
 * The welcome-email outbox is swept this often: what a lost wake-up or a dead worker (once its lease
 * lapsed) left pending goes out within about this long.
 */
export const WELCOME_OUTBOX_SWEEP_MS = 5_000;
/** Scheduled campaigns start, and a dead worker's campaign goes on, within about this long. */
export const CAMPAIGN_SWEEP_MS = 5_000;

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
  await campaigns.close();
}

/** Without Redis the web process keeps the same schedules with timers. */
export function startInProcessSchedules(now = Date.now()): void {
  setInterval(
    () =>
      void enqueue("email", { type: "send-pending-welcomes" }, { jobId: "welcome-outbox-sweep" }).catch(
        (error: unknown) => logger().error({ err: error }, "welcome outbox sweep not queued"),
      ),
    WELCOME_OUTBOX_SWEEP_MS,
  ).unref();
  setInterval(
    () =>
      void enqueue("campaigns", { type: "campaign-sweep" }, { jobId: "campaign-sweep" }).catch(
        (error: unknown) => logger().error({ err: error }, "campaign sweep not queued"),
      ),
    CAMPAIGN_SWEEP_MS,
  ).unref();
  const next = new Date(now);
  next.setUTCHours(8, 0, 0, 0);
  if (next.getTime() <= now) next.setTime(next.getTime() + DAY_MS);
  const run = () =>
    void enqueue("email", { type: "daily-summary" }).catch((error: unknown) =>
      logger().error({ err: error }, "daily summary not queued"),
    );
  setTimeout(() => {
    run();
    setInterval(run, DAY_MS).unref();
  }, next.getTime() - now).unref();
}
