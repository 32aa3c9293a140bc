import type { z } from "zod";
import { type EmailJob, emailJobSchema, processEmailJob } from "./processors/email";
import { processShopifyJob, type ShopifyJob, shopifyJobSchema } from "./processors/shopify";
import { emailQueue } from "./queues/email.config";
import { shopifyQueue } from "./queues/shopify.config";
import type { QueueConfig } from "./queues/types";

/** Every queue with its payload type: enqueue() is typed by this map. */
export type JobPayloads = { email: EmailJob; shopify: ShopifyJob };
export type QueueName = keyof JobPayloads;

type Registered<P> = { config: QueueConfig; schema: z.ZodType<P>; process: (payload: P) => Promise<unknown> };

export const queues: { [Q in QueueName]: Registered<JobPayloads[Q]> } = {
  email: { config: emailQueue, schema: emailJobSchema, process: processEmailJob },
  shopify: { config: shopifyQueue, schema: shopifyJobSchema, process: processShopifyJob },
};
