import { logger } from "~/server/logger.server";
import { InvalidJobPayload } from "./failures";
import { type JobPayloads, type QueueName, queueDefinitions } from "./payloads";
import { processors } from "./registry";

/** Validates a payload and runs its processor, logging the outcome with its duration; resolves with its result. */
export async function runJob<Q extends QueueName>(queue: Q, payload: unknown, attempt = 1): Promise<unknown> {
  const parsed = queueDefinitions[queue].schema.safeParse(payload);
  if (!parsed.success) {
    logger().error({ queue, issues: parsed.error.issues }, "invalid job payload");
    throw new InvalidJobPayload(parsed.error.message);
  }
  const process = processors[queue] as (payload: JobPayloads[Q]) => Promise<unknown>;
  const started = performance.now();
  try {
    const result = await process(parsed.data as JobPayloads[Q]);
    logger().debug({ queue, attempt, ms: Math.round(performance.now() - started) }, "job done");
    return result;
  } catch (error) {
    logger().warn({ queue, attempt, err: error, ms: Math.round(performance.now() - started) }, "job failed");
    throw error;
  }
}
