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
    const keys = await inspectorConnection.keys(`${process.env.REDIS_PREFIX}:${shopifyQueue.name}:*`);
    const values = await Promise.all(
      keys.map(async (key) =>
        (await inspectorConnection.type(key)) === "hash" ? inspectorConnection.hgetall(key) : {},
      ),
    );
    expect(JSON.stringify(values)).not.toContain(email);
  });
});
