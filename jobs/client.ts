import { type JobsOptions, Queue, QueueEvents } from "bullmq";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { redis } from "~/server/redis.server";
import { isPermanentFailure } from "./failures";
import { type JobPayloads, type QueueName, queueDefinitions as queues } from "./payloads";

const bullQueues = new Map<QueueName, Queue>();
const pending = new Set<Promise<void>>();
/** In-process jobs with an id, so a repeated enqueue is a no-op as on BullMQ. */
const pendingIds = new Set<string>();

type JobRunner = (name: QueueName, payload: unknown, attempt?: number) => Promise<unknown>;
let inProcessRunner: JobRunner | null = null;

/** Sets how this process runs jobs without Redis (jobs/in-process.ts); the client never imports processors. */
export function runJobsWith(runner: JobRunner): void {
  inProcessRunner = runner;
}

function runJob(name: QueueName, payload: unknown, attempt?: number): Promise<unknown> {
  if (!inProcessRunner)
    throw new Error(
      "Jobs cannot run in this process: REDIS_URL is not set and runJobsInProcess() was not called",
    );
  return inProcessRunner(name, payload, attempt);
}

export type EnqueueOptions = {
  jobId?: string;
  delayMs?: number;
  /** Drop the job's data from Redis once it succeeded, e.g. when it names a person whose data is erased. */
  removeWhenDone?: boolean;
  /**
   * Drop it once it failed for good too (a customer's email, for a compliance topic): nothing of it stays in
   * Redis for inspection; the worker's log names the job and its error.
   */
  removeWhenFailed?: boolean;
};

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
      removeOnComplete: options.removeWhenDone ? true : config.keepCompleted,
      removeOnFail: options.removeWhenFailed ? true : config.keepFailed,
    };
    await bullQueue(name).add(name, payload, jobOptions);
    return;
  }
  const { jobId, delayMs = 0 } = options;
  if (jobId && pendingIds.has(jobId)) return;
  if (jobId) pendingIds.add(jobId);
  const start = () => {
    const running = runInProcess(name, payload).finally(() => {
      pending.delete(running);
      if (jobId) pendingIds.delete(jobId);
    });
    pending.add(running);
  };
  // A delayed job is not pending until it is due, so draining (shutdown, tests) does not wait for it.
  if (delayMs > 0) setTimeout(start, delayMs).unref();
  else start();
}

async function runInProcess<Q extends QueueName>(name: Q, payload: JobPayloads[Q]): Promise<void> {
  const { config } = queues[name];
  await new Promise((resolve) => setImmediate(resolve));
  for (let attempt = 1; attempt <= config.attempts; attempt += 1) {
    try {
      await runJob(name, payload, attempt);
      return;
    } catch (error) {
      if (isPermanentFailure(error) || attempt === config.attempts) {
        logger().error({ queue: name, err: error }, "in-process job gave up");
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, config.backoffMs * 2 ** (attempt - 1)));
    }
  }
}

/**
 * Runs a job through the queue and waits for its result (a request that must answer with what the job
 * found). Gives up waiting after `timeoutMs`; the job itself goes on.
 */
export async function runAndWait<Q extends QueueName>(
  name: Q,
  payload: JobPayloads[Q],
  timeoutMs: number,
): Promise<unknown> {
  const connection = redis();
  if (!connection) return runJob(name, payload);
  const queue = bullQueue(name);
  // The events are read from the last one before the job was added: a job finished before the listener's
  // first read (a quick one on an idle worker) is still seen, rather than waited for until the timeout.
  const [lastEvent] = await connection.xrevrange(queue.toKey("events"), "+", "-", "COUNT", 1);
  const job = await queue.add(name, payload, {
    attempts: 1,
    removeOnComplete: { age: 3600 },
    removeOnFail: { age: 3600 },
  });
  const events = new QueueEvents(queues[name].config.name, {
    connection: connection.duplicate(),
    prefix: env().REDIS_PREFIX,
    lastEventId: lastEvent?.[0] ?? "0-0",
  });
  try {
    await events.waitUntilReady();
    return await job.waitUntilFinished(events, timeoutMs);
  } finally {
    await events.close();
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
