import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stores, subscribers } from "~/db/schema";
import { pauseWith } from "~/server/pause.server";
import { BULK_THRESHOLD } from "~/services/shopify/bulk-operations.server";
import { backfillConsent } from "~/services/shopify/consent-backfill.server";
import { syncCouponUsage } from "~/services/shopify/coupon-sync.server";
import { drainInProcessJobs } from "../../jobs/client";
import { FAKE_SHOP, type FakeDiscount } from "../../mocks/shopify";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { fakeShopSuite } from "../support/builders/fake-shop-suite";
import { connectWithLegacyToken } from "../support/builders/legacy-shopify";
import { testDb } from "../support/infra/db";

/**
 * Above BULK_THRESHOLD subscribers, the coupon-usage sync and the consent backfill go through Shopify's bulk
 * operations (a bulk query; a bulk mutation over staged JSONL variables), polled until done; below it, one
 * call per subscriber. Throttling is followed by Shopify's figures: the waits the app asks for are recorded
 * (never spent, never timed) and the calls counted.
 */
const suite = fakeShopSuite();
const { shop, calls } = suite;
let waits: number[] = [];

beforeEach(() => {
  waits = [];
  pauseWith(async (ms) => {
    waits.push(ms);
  });
});
afterEach(() => {
  pauseWith(undefined);
  shop.throttleNext = 0;
  shop.throttleCost = undefined;
  shop.rateLimitNext = undefined;
});

const callsOf = (pattern: RegExp) => calls.filter((call) => pattern.test(call.query)).length;
const BULK_QUERY = /bulkOperationRunQuery\(/;
const BULK_MUTATION = /bulkOperationRunMutation\(/;
const STAGED_UPLOAD = /stagedUploadsCreate\(/;
const CODE_LOOKUP = /query RedeemCode\(/;
const CUSTOMER_LOOKUP = /customerByIdentifier\(/;

async function connectedStore() {
  const store = await createStoreFor(suite.owner.admin.id);
  await connectWithLegacyToken(await actorFor(suite.owner.admin.id), store.id, {
    shopifyUrl: "acme-test",
    accessToken: FAKE_SHOP.accessToken,
  });
  // Connecting checks the popup's code in Shopify (a job): its calls are not the ones counted here.
  await drainInProcessJobs();
  calls.length = 0;
  return store.id;
}

const tag = () => randomBytes(3).toString("hex").toUpperCase();

/**
 * `count` subscribers with their own codes, all redeem codes of one discount in the fake shop: a basic code
 * discount (a percentage) unless `type` says free shipping.
 */
async function subscribersWithCodes(
  storeId: string,
  count: number,
  type: FakeDiscount["type"] = "DiscountCodeBasic",
) {
  const prefix = `BULK${tag()}`;
  const rows = await testDb()
    .insert(subscribers)
    .values(
      Array.from({ length: count }, (_, index) => ({
        storeId,
        email: `coded-${prefix.toLowerCase()}-${index}@example.com`,
        discountCodeSent: `${prefix}-${index}`,
      })),
    )
    .returning();
  const discount: FakeDiscount = {
    id: `gid://shopify/DiscountCodeNode/${prefix}`,
    type,
    title: `Newsletter popup – Welcome popup – ${type === "DiscountCodeBasic" ? "15%" : "free shipping"}`,
    percentage: type === "DiscountCodeBasic" ? 0.15 : 0,
    usageLimit: 1,
    appliesOncePerCustomer: true,
    endsAt: null,
    codes: new Map(rows.map((row) => [row.discountCodeSent ?? "", 0])),
    bulkAdds: [],
  };
  for (const code of discount.codes.keys()) shop.discounts?.set(code, discount);
  return { rows, discount };
}

async function usedEmails(storeId: string) {
  const rows = await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
  return rows.filter((row) => row.discountCodeUsed).map((row) => row.email);
}

describe("coupon-usage sync", () => {
  it(`above ${BULK_THRESHOLD} codes reads every used code in one bulk query and marks their subscribers`, async () => {
    const storeId = await connectedStore();
    const { rows, discount } = await subscribersWithCodes(storeId, BULK_THRESHOLD + 1);
    const used = [rows[0], rows[7], rows[BULK_THRESHOLD]];
    for (const row of used) discount.codes.set(row?.discountCodeSent ?? "", 1);
    // Another discount no one used: the query's times_used filter leaves it out.
    await subscribersWithCodes(storeId, 1);

    const progress: [number, number][] = [];
    const result = await syncCouponUsage(storeId, (checked, total) => progress.push([checked, total]));

    expect(result).toEqual({
      message: `Checked ${BULK_THRESHOLD + 2} discount codes: 3 newly used`,
      updatedCount: 3,
      checked: BULK_THRESHOLD + 2,
    });
    expect(progress).toEqual([[BULK_THRESHOLD + 2, BULK_THRESHOLD + 2]]);
    expect((await usedEmails(storeId)).sort()).toEqual(used.map((row) => row?.email).sort());
    expect({ bulk: callsOf(BULK_QUERY), lookups: callsOf(CODE_LOOKUP) }).toEqual({ bulk: 1, lookups: 0 });
    // The operation was polled until done (RUNNING, then COMPLETED), with the app's wait in between.
    const [operation] = [...(shop.bulkOperations?.values() ?? [])].slice(-1);
    expect(operation).toMatchObject({ type: "QUERY", status: "COMPLETED" });
    expect(waits).toEqual([1_000]);
  });

  it(`above ${BULK_THRESHOLD} codes also reads the used codes of a free-shipping code discount`, async () => {
    const storeId = await connectedStore();
    const basic = await subscribersWithCodes(storeId, BULK_THRESHOLD);
    const shipping = await subscribersWithCodes(storeId, 2, "DiscountCodeFreeShipping");
    const used = [basic.rows[3], shipping.rows[1]];
    basic.discount.codes.set(basic.rows[3]?.discountCodeSent ?? "", 1);
    shipping.discount.codes.set(shipping.rows[1]?.discountCodeSent ?? "", 1);

    expect(await syncCouponUsage(storeId)).toMatchObject({ updatedCount: 2, checked: BULK_THRESHOLD + 2 });
    expect((await usedEmails(storeId)).sort()).toEqual(used.map((row) => row?.email).sort());
    expect(callsOf(BULK_QUERY)).toBe(1);
  });

  it(`up to ${BULK_THRESHOLD} codes asks for each code's usage, one call each`, async () => {
    const storeId = await connectedStore();
    const { rows, discount } = await subscribersWithCodes(storeId, 3);
    discount.codes.set(rows[1]?.discountCodeSent ?? "", 2);

    expect(await syncCouponUsage(storeId)).toMatchObject({ updatedCount: 1, checked: 3 });
    expect(await usedEmails(storeId)).toEqual([rows[1]?.email]);
    expect({ bulk: callsOf(BULK_QUERY), lookups: callsOf(CODE_LOOKUP) }).toEqual({ bulk: 0, lookups: 3 });
  });
});

describe("consent backfill", () => {
  async function syncingStore() {
    const storeId = await connectedStore();
    await testDb().update(stores).set({ consentSyncEnabled: true }).where(eq(stores.id, storeId));
    return storeId;
  }

  const customersWithEmail = (email: string) =>
    [...(shop.customers?.values() ?? [])].filter((customer) => customer.email === email);

  it(`above ${BULK_THRESHOLD} subscribers updates and creates customers through bulk mutations of staged JSONL`, async () => {
    const storeId = await syncingStore();
    const prefix = tag().toLowerCase();
    const known = `known-${prefix}@example.com`;
    const left = `left-${prefix}@example.com`;
    const broken = `broken-${prefix}@localhost`;
    const fresh = Array.from(
      { length: BULK_THRESHOLD },
      (_, index) => `fresh-${prefix}-${index}@example.com`,
    );
    await testDb()
      .insert(subscribers)
      .values([
        ...fresh.map((email) => ({ storeId, email })),
        { storeId, email: known, confirmationRequired: true, confirmedAt: new Date() },
        { storeId, email: left, isActive: false, unsubscribedAt: new Date() },
        { storeId, email: broken },
      ]);
    const knownId = `gid://shopify/Customer/${prefix}`;
    shop.customers?.set(knownId, {
      id: knownId,
      email: known,
      emailMarketingConsent: {
        marketingState: "NOT_SUBSCRIBED",
        marketingOptInLevel: null,
        consentUpdatedAt: null,
      },
    });

    // One refused address (Shopify's "Email is invalid") is counted and skipped; the others go through.
    expect(await backfillConsent(storeId)).toEqual({ synced: BULK_THRESHOLD + 1, failed: 1 });

    expect({
      bulkQueries: callsOf(BULK_QUERY),
      stagedUploads: callsOf(STAGED_UPLOAD),
      bulkMutations: callsOf(BULK_MUTATION),
      lookups: callsOf(CUSTOMER_LOOKUP),
    }).toEqual({ bulkQueries: 1, stagedUploads: 2, bulkMutations: 2, lookups: 0 });
    expect(customersWithEmail(known)).toEqual([
      expect.objectContaining({
        id: knownId,
        emailMarketingConsent: expect.objectContaining({
          marketingState: "SUBSCRIBED",
          marketingOptInLevel: "CONFIRMED_OPT_IN",
        }),
      }),
    ]);
    for (const email of [fresh[0] ?? "", fresh.at(-1) ?? ""]) {
      const [customer] = customersWithEmail(email);
      expect(customer?.emailMarketingConsent).toMatchObject({
        marketingState: "SUBSCRIBED",
        marketingOptInLevel: "SINGLE_OPT_IN",
      });
      const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
      expect(row?.shopifyCustomerId).toBe(customer?.id);
    }
    expect(customersWithEmail(left)).toEqual([]);
    expect(customersWithEmail(broken)).toEqual([]);
    // The variables went to Shopify as uploaded JSONL files: one per mutation, one line per customer.
    const uploads = [...(shop.stagedUploads?.values() ?? [])].slice(-2);
    expect(uploads.map((file) => file?.split("\n").length)).toEqual([1, BULK_THRESHOLD + 1]);
  });

  it(`up to ${BULK_THRESHOLD} subscribers looks each one up and writes their consent`, async () => {
    const storeId = await syncingStore();
    const prefix = tag().toLowerCase();
    await testDb()
      .insert(subscribers)
      .values([0, 1, 2].map((index) => ({ storeId, email: `few-${prefix}-${index}@example.com` })));

    expect(await backfillConsent(storeId)).toEqual({ synced: 3, failed: 0 });
    expect({ bulk: callsOf(BULK_QUERY) + callsOf(BULK_MUTATION), lookups: callsOf(CUSTOMER_LOOKUP) }).toEqual(
      {
        bulk: 0,
        lookups: 3,
      },
    );
  });
});

describe("throttling", () => {
  async function storeWithOneCode() {
    const storeId = await connectedStore();
    await subscribersWithCodes(storeId, 1);
    return storeId;
  }

  it("waits as long as Shopify's cost figures say the bucket needs, then calls once more", async () => {
    const storeId = await storeWithOneCode();
    shop.throttleNext = 1;
    // 502 points needed, 2 available, 50 restored a second: 10 s.
    shop.throttleCost = { requestedQueryCost: 502, currentlyAvailable: 2, restoreRate: 50 };

    expect(await syncCouponUsage(storeId)).toMatchObject({ checked: 1 });
    expect(waits).toEqual([10_000]);
    expect(callsOf(CODE_LOOKUP)).toBe(2);
  });

  it("waits Retry-After on a 429, then calls once more", async () => {
    const storeId = await storeWithOneCode();
    shop.rateLimitNext = { calls: 1, retryAfterSeconds: 3 };

    expect(await syncCouponUsage(storeId)).toMatchObject({ checked: 1 });
    expect(waits).toEqual([3_000]);
    expect(callsOf(CODE_LOOKUP)).toBe(2);
  });

  it("gives up after five waits, leaving the job to retry later", async () => {
    const storeId = await storeWithOneCode();
    shop.throttleNext = 10;

    await expect(syncCouponUsage(storeId)).rejects.toMatchObject({ kind: "unavailable" });
    expect(callsOf(CODE_LOOKUP)).toBe(6);
    // 10 points needed, none available, 100 a second: 100 ms, raised to the 250 ms floor.
    expect(waits).toEqual([250, 250, 250, 250, 250]);
  });

  it("throttles a bulk operation's calls the same way", async () => {
    const storeId = await connectedStore();
    await subscribersWithCodes(storeId, BULK_THRESHOLD + 1);
    shop.rateLimitNext = { calls: 1, retryAfterSeconds: 2 };

    expect(await syncCouponUsage(storeId)).toMatchObject({ checked: BULK_THRESHOLD + 1 });
    expect(callsOf(BULK_QUERY)).toBe(2);
    expect(waits[0]).toBe(2_000);
  });
});
