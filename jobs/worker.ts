import { UnrecoverableError, Worker } from "bullmq";
import { closeDb } from "~/db/client.server";
import { migrateDatabase } from "~/db/migrate.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { closeRedis, redis } from "~/server/redis.server";
import { closeMail } from "~/services/email/system-mailer.server";
import { isPermanentFailure } from "./failures";
import { type QueueName, queueDefinitions as queues } from "./payloads";
import type { QueueConfig } from "./queues/types";
import { runJob } from "./run";
import { registerSchedules } from "./schedules";

const SHUTDOWN_GRACE_MS = 30_000;

/**
 * A queue's lock and stall check: its own (jobs/queues/), or JOB_LOCK_SECONDS with a check every third of
 * it, so that a dead worker's job is taken over within about 1.3 times the lock.
 */
function lockSettings(config: QueueConfig): { lockDuration: number; stalledInterval: number } {
  const seconds = env().JOB_LOCK_SECONDS;
  if (!seconds) return { lockDuration: config.lockDurationMs, stalledInterval: config.stalledIntervalMs };
  return { lockDuration: seconds * 1000, stalledInterval: Math.ceil((seconds * 1000) / 3) };
}

/** Starts one BullMQ worker per queue on REDIS_URL. */
export function startWorkers(): Worker[] {
  const connection = redis();
  if (!connection)
    throw new Error("REDIS_URL must be set to run workers (without it, jobs run inside the web server)");
  return (Object.keys(queues) as QueueName[]).map((name) => {
    const { config } = queues[name];
    const worker = new Worker(
      config.name,
      async (job) => {
        try {
          return await runJob(name, job.data, job.attemptsMade + 1);
        } catch (error) {
          if (isPermanentFailure(error)) throw new UnrecoverableError((error as Error).message);
          throw error;
        }
      },
      {
        connection,
        concurrency: config.concurrency,
        prefix: env().REDIS_PREFIX,
        ...lockSettings(config),
        maxStalledCount: config.maxStalledCount,
      },
    );
    worker.on("error", (error) => logger().error({ queue: name, err: error }, "worker error"));
    worker.on("failed", (job, error) =>
      logger().warn(
        { queue: name, jobId: job?.id, attempts: job?.attemptsMade, err: error },
        "job attempt failed",
      ),
    );
    return worker;
  });
}

export async function stopWorkers(workers: Worker[]): Promise<void> {
  const timeout = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
  await Promise.race([Promise.all(workers.map((worker) => worker.close())), timeout]);
}

async function main() {
  await migrateDatabase();
  const workers = startWorkers();
  await registerSchedules();
  logger().info({ queues: workers.map((worker) => worker.name) }, "workers started");
  const shutdown = async (signal: string) => {
    logger().info({ signal }, "stopping workers");
    await stopWorkers(workers);
    await Promise.all([closeRedis(), closeDb(), closeMail()]);
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    logger().fatal({ err: error }, "worker failed to start");
    process.exit(1);
  });
}
