import { type JobsOptions, Queue } from "bullmq";
import { env } from "~/lib/env.server";
import { logger } from "~/services/logger.server";
import { redis } from "~/services/redis.server";
import { type JobPayloads, type QueueName, queues } from "./registry";
import { InvalidJobPayload, runJob } from "./run";

const bullQueues = new Map<QueueName, Queue>();
const pending = new Set<Promise<void>>();
/** In-process jobs with an id, so a repeated enqueue is a no-op as on BullMQ. */
const pendingIds = new Set<string>();

export type EnqueueOptions = { jobId?: string; delayMs?: number };

function bullQueue(name: QueueName): Queue {
  let queue = bullQueues.get(name);
  if (!queue) {
    const connection = redis();
    if (!connection) throw new Error("REDIS_URL is not set");
    queue = new Queue(queues[name].config.name, { connection, prefix: env().REDIS_PREFIX });
    bullQueues.set(name, queue);
  }
  return queue;
}

/**
 * Queues a job: on BullMQ when REDIS_URL is set, otherwise run in this process with the same
 * attempts and backoff (the embedded default). `jobId` makes a repeated enqueue a no-op while the
 * first is pending (ids use no ':', which BullMQ reserves); `delayMs` postpones the run.
 */
export async function enqueue<Q extends QueueName>(
  name: Q,
  payload: JobPayloads[Q],
  options: EnqueueOptions = {},
) {
  const { config } = queues[name];
  if (redis()) {
    const jobOptions: JobsOptions = {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: config.attempts,
      backoff: { type: "exponential", delay: config.backoffMs },
      removeOnComplete: config.keepCompleted,
      removeOnFail: config.keepFailed,
    };
    await bullQueue(name).add(name, payload, jobOptions);
    return;
  }
  const { jobId } = options;
  if (jobId && pendingIds.has(jobId)) return;
  if (jobId) pendingIds.add(jobId);
  const running = runInProcess(name, payload, options.delayMs ?? 0).finally(() => {
    pending.delete(running);
    if (jobId) pendingIds.delete(jobId);
  });
  pending.add(running);
}

async function runInProcess<Q extends QueueName>(
  name: Q,
  payload: JobPayloads[Q],
  delayMs: number,
): Promise<void> {
  const { config } = queues[name];
  await new Promise((resolve) =>
    delayMs > 0 ? setTimeout(resolve, delayMs).unref() : setImmediate(resolve),
  );
  for (let attempt = 1; attempt <= config.attempts; attempt += 1) {
    try {
      await runJob(name, payload, attempt);
      return;
    } catch (error) {
      if (error instanceof InvalidJobPayload || attempt === config.attempts) {
        logger().error({ queue: name, err: error }, "in-process job gave up");
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, config.backoffMs * 2 ** (attempt - 1)));
    }
  }
}

/** Waits for in-process jobs (graceful shutdown, tests). */
export async function drainInProcessJobs(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

export async function closeQueues(): Promise<void> {
  await Promise.all([...bullQueues.values()].map((queue) => queue.close()));
  bullQueues.clear();
}
