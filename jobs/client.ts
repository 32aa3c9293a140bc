import { type JobsOptions, Queue } from "bullmq";
import { env } from "~/lib/env.server";
import { logger } from "~/services/logger.server";
import { redis } from "~/services/redis.server";
import { type JobPayloads, type QueueName, queues } from "./registry";
import { InvalidJobPayload, runJob } from "./run";

const bullQueues = new Map<QueueName, Queue>();
const pending = new Set<Promise<void>>();

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
 * attempts and backoff (the embedded default). `jobId` makes a repeated enqueue a no-op on BullMQ.
 */
export async function enqueue<Q extends QueueName>(
  name: Q,
  payload: JobPayloads[Q],
  options: { jobId?: string } = {},
) {
  const { config } = queues[name];
  if (redis()) {
    const jobOptions: JobsOptions = {
      jobId: options.jobId,
      attempts: config.attempts,
      backoff: { type: "exponential", delay: config.backoffMs },
      removeOnComplete: config.keepCompleted,
      removeOnFail: config.keepFailed,
    };
    await bullQueue(name).add(name, payload, jobOptions);
    return;
  }
  const running = runInProcess(name, payload).finally(() => pending.delete(running));
  pending.add(running);
}

async function runInProcess<Q extends QueueName>(name: Q, payload: JobPayloads[Q]): Promise<void> {
  const { config } = queues[name];
  await new Promise((resolve) => setImmediate(resolve));
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
