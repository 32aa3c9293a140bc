import type { z } from "zod";
import { type EmailJob, emailJobSchema, processEmailJob } from "./processors/email";
import { emailQueue } from "./queues/email.config";
import type { QueueConfig } from "./queues/types";

/** Every queue with its payload type: enqueue() is typed by this map. */
export type JobPayloads = { email: EmailJob };
export type QueueName = keyof JobPayloads;

type Registered<P> = { config: QueueConfig; schema: z.ZodType<P>; process: (payload: P) => Promise<void> };

export const queues: { [Q in QueueName]: Registered<JobPayloads[Q]> } = {
  email: { config: emailQueue, schema: emailJobSchema, process: processEmailJob },
};
