import { randomUUID } from "node:crypto";
import { Queue, type Worker } from "bullmq";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "~/db/schema";
import { acceptWebhookOnce } from "~/services/shopify/webhooks.server";
import { closeQueues } from "../../jobs/client";
import type { WebhookJob } from "../../jobs/payloads";
import { shopifyQueue } from "../../jobs/queues/shopify.config";
import { startWorkers, stopWorkers } from "../../jobs/worker";
import { uniqueEmail } from "../support/builders/fixtures";
import { installedShop } from "../support/builders/webhooks";
import { testDb } from "../support/infra/db";
import { TEST_REDIS_URL } from "../support/infra/services";
import { eventually } from "../support/infra/wait";

/** Webhook work on the real shopify queue (BullMQ on Redis), with workers in this process. */
let workers: Worker[];
let inspector: Queue;
let inspectorConnection: Redis;

beforeAll(() => {
  process.env.REDIS_URL = TEST_REDIS_URL;
  workers = startWorkers();
  inspectorConnection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  inspector = new Queue(shopifyQueue.name, {
    connection: inspectorConnection,
    prefix: process.env.REDIS_PREFIX,
  });
});

afterAll(async () => {
  await stopWorkers(workers ?? []);
  await closeQueues();
  await inspector?.close();
  await inspectorConnection?.quit();
});

describe("webhook jobs on BullMQ", () => {
  it("erase the customer once, and leave no copy of their email in Redis", async () => {
    const { domain, store } = await installedShop();
    const email = uniqueEmail("erase");
    const [row] = await testDb().insert(subscribers).values({ storeId: store.id, email }).returning();
    const eventId = randomUUID();
    const delivery = { eventId, webhookId: randomUUID(), topic: "CUSTOMERS_REDACT", shop: domain };
    const job: WebhookJob = { type: "customer-redact", shop: domain, customer: { id: 5, email, orders: [] } };

    expect(await acceptWebhookOnce(delivery, job)).toBe(true);
    expect(await acceptWebhookOnce(delivery, job)).toBe(false);
    await eventually(
      async () =>
        (
          await testDb()
            .select()
            .from(subscribers)
            .where(eq(subscribers.id, row?.id ?? ""))
        ).length === 0,
      { what: "subscriber erased" },
    );
    await eventually(async () => (await inspector.getJob(`webhook-${eventId}`)) === undefined, {
      what: "job data removed",
    });
    expect(await redisCopiesOf(email)).toBe(false);
  });

  it("drop a compliance job that failed for good at once: its email does not wait in Redis for days", async () => {
    const { domain } = await installedShop();
    const email = uniqueEmail("failed");
    const eventId = randomUUID();
    const delivery = { eventId, webhookId: randomUUID(), topic: "CUSTOMERS_DATA_REQUEST", shop: domain };
    // A payload the job refuses (Shopify's order ids are strings): it fails at once, for good.
    const job = { type: "customer-data-request", shop: domain, customer: { id: 5, email, orders: [7] } };

    expect(await acceptWebhookOnce(delivery, job as unknown as WebhookJob)).toBe(true);
    await eventually(async () => (await inspector.getJob(`webhook-${eventId}`)) === undefined, {
      what: "failed job removed",
    });
    expect(await inspector.getJobState(`webhook-${eventId}`)).toBe("unknown");
    expect(await redisCopiesOf(email)).toBe(false);
  });
});

/** Whether any hash of the shopify queue in Redis (its jobs) still holds this text. */
async function redisCopiesOf(text: string): Promise<boolean> {
  const keys = await inspectorConnection.keys(`${process.env.REDIS_PREFIX}:${shopifyQueue.name}:*`);
  const values = await Promise.all(
    keys.map(async (key) =>
      (await inspectorConnection.type(key)) === "hash" ? inspectorConnection.hgetall(key) : {},
    ),
  );
  return JSON.stringify(values).includes(text);
}
