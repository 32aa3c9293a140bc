import { logger } from "~/server/logger.server";
import { HttpError } from "~/services/errors.server";
import { type JobPayloads, type QueueName, queues } from "./registry";

/** A payload that fails validation can never succeed: the caller must not retry it. */
export class InvalidJobPayload extends Error {}

/** Errors a retry cannot fix: a bad payload, or a 4xx answer (refused token, invalid input). */
export function isPermanentFailure(error: unknown): boolean {
  return error instanceof InvalidJobPayload || (error instanceof HttpError && error.status < 500);
}

/** Validates a payload and runs its processor, logging the outcome with its duration; resolves with its result. */
export async function runJob<Q extends QueueName>(queue: Q, payload: unknown, attempt = 1): Promise<unknown> {
  const { schema, process } = queues[queue];
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    logger().error({ queue, issues: parsed.error.issues }, "invalid job payload");
    throw new InvalidJobPayload(parsed.error.message);
  }
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
