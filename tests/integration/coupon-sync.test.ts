import type { Worker } from "bullmq";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stores } from "~/db/schema";
import { runCouponSync } from "~/services/shopify/coupon-sync.server";
import { closeQueues } from "../../jobs/client";
import { startWorkers, stopWorkers } from "../../jobs/worker";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { testDb } from "../support/infra/db";
import { TEST_REDIS_URL } from "../support/infra/services";

/** The coupon-usage button on the BullMQ queue: the request waits for the sync job, within a limit. */
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let workers: Worker[] = [];

beforeAll(async () => {
  process.env.REDIS_URL = TEST_REDIS_URL;
  owner = await createOrganizationWithAdmin();
});

afterAll(async () => {
  await stopWorkers(workers);
  await closeQueues();
});

/** A store marked Connected with no codes waiting: its sync makes no Shopify call. */
async function connectedStore() {
  const store = await createStoreFor(owner.admin.id);
  await testDb().update(stores).set({ isConnected: true }).where(eq(stores.id, store.id));
  return store.id;
}

describe("syncing coupon usage from the button", () => {
  it("says the sync is still running when no worker finishes it in time", async () => {
    const storeId = await connectedStore();
    const answer = await runCouponSync(await actorFor(owner.admin.id), storeId, 300);
    expect(answer).toEqual({
      finished: false,
      result: { message: "The sync is still running; check again in a minute", updatedCount: 0 },
    });
  });

  it("answers with the sync's result when the worker finishes it in time", async () => {
    workers = startWorkers();
    const storeId = await connectedStore();
    const answer = await runCouponSync(await actorFor(owner.admin.id), storeId);
    expect(answer).toEqual({
      finished: true,
      result: { message: "No unique discount codes are waiting to be used", updatedCount: 0, checked: 0 },
    });
  });

  it("refuses a store that is not connected before queueing anything", async () => {
    const store = await createStoreFor(owner.admin.id);
    await expect(runCouponSync(await actorFor(owner.admin.id), store.id, 300)).rejects.toMatchObject({
      kind: "invalid",
      message: "Connect this store to Shopify (Settings) to sync coupon usage",
    });
  });
});
