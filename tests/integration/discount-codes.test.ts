import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { popupConfigs, stores, subscribers } from "~/db/schema";
import { updatePopupConfig } from "~/services/popups/popups.server";
import { subscribingPopup } from "~/services/popups/public-popups.server";
import { updatePreferences } from "~/services/preferences.server";
import { connectShopify } from "~/services/shopify/connection.server";
import { syncCouponUsage } from "~/services/shopify/coupon-sync.server";
import { checkStaticDiscountCode, issueUniqueCode } from "~/services/shopify/discount-codes.server";
import { getSyncProgress } from "~/services/shopify/sync-progress.server";
import { subscribe } from "~/services/subscribers/subscribe.server";
import { drainInProcessJobs, runJobsWith } from "../../jobs/client";
import { runJobsInProcess } from "../../jobs/in-process";
import { processShopifyJob } from "../../jobs/processors/shopify";
import { runJob } from "../../jobs/run";
import { FAKE_SHOP, type FakeShop, setupShopifyMock } from "../../mocks/shopify";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { testDb } from "../support/infra/db";

const shop: FakeShop = { ...FAKE_SHOP, discounts: new Map() };
const { server } = setupShopifyMock([shop]);
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
let counter = 0;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  owner = await createOrganizationWithAdmin();
});
afterAll(async () => {
  await drainInProcessJobs();
  server.close();
});

async function connectedStore() {
  const store = await createStoreFor(owner.admin.id);
  await connectShopify(await actorFor(owner.admin.id), store.id, {
    shopifyUrl: "acme-test",
    accessToken: FAKE_SHOP.accessToken,
  });
  return store.id;
}

async function subscribeTo(storeId: string) {
  const popup = await subscribingPopup(storeId);
  if (!popup) throw new Error("no popup");
  const email = `buyer-${++counter}@acme-corp.example`;
  const answer = await subscribe(popup, { email }, { ip: "127.0.0.1", userAgent: "test" });
  return { email, discountCode: answer.discountCode ?? "" };
}

describe("unique discount codes", () => {
  it("gives each subscriber of a connected store a single-use code created in Shopify with the popup's percentage", async () => {
    const storeId = await connectedStore();
    const first = await subscribeTo(storeId);
    const second = await subscribeTo(storeId);
    expect(first.discountCode).toMatch(/^WELCOME15-[A-Z2-9]{6}$/);
    expect(second.discountCode).not.toBe(first.discountCode);
    expect(shop.discounts?.get(first.discountCode)).toMatchObject({
      percentage: 0.15,
      usageLimit: 1,
      appliesOncePerCustomer: true,
    });
    const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, first.email));
    expect(row?.discountCodeSent).toBe(first.discountCode);
    expect((await subscribeTo(storeId)).discountCode).not.toBe("WELCOME15");
  });

  it("answers a repeated subscribe without the subscriber's code and creates no second code", async () => {
    const storeId = await connectedStore();
    const { email } = await subscribeTo(storeId);
    const popup = await subscribingPopup(storeId);
    if (!popup) throw new Error("no popup");
    const codesBefore = shop.discounts?.size;
    const again = await subscribe(popup, { email }, { ip: "127.0.0.1", userAgent: "test" });
    expect(again).toEqual({ message: "Your discount code has been sent to your inbox." });
    expect(shop.discounts?.size).toBe(codesBefore);
  });

  it("uses the popup's code when the store is not connected", async () => {
    const store = await createStoreFor(owner.admin.id);
    expect((await subscribeTo(store.id)).discountCode).toBe("WELCOME15");
  });

  it("falls back to the popup's code and marks the store Not Connected when Shopify refuses the token", async () => {
    const storeId = await connectedStore();
    shop.accessToken = "shpat_revoked";
    try {
      expect((await subscribeTo(storeId)).discountCode).toBe("WELCOME15");
      await drainInProcessJobs();
      const [store] = await testDb().select().from(stores).where(eq(stores.id, storeId));
      expect(store?.isConnected).toBe(false);
    } finally {
      shop.accessToken = FAKE_SHOP.accessToken;
    }
  });

  it("is idempotent: issuing again keeps the subscriber's code", async () => {
    const storeId = await connectedStore();
    const { email, discountCode } = await subscribeTo(storeId);
    const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
    expect(await issueUniqueCode(row?.id ?? "")).toBe(discountCode);
  });
});

describe("coupon usage sync", () => {
  it("marks exactly the subscribers whose unique code was used, and leaves the shared code alone", async () => {
    const storeId = await connectedStore();
    const used = await subscribeTo(storeId);
    const unused = await subscribeTo(storeId);
    const shared = await testDb()
      .insert(subscribers)
      .values({ storeId, email: `shared-${Date.now()}@acme-corp.example`, discountCodeSent: "WELCOME15" })
      .returning();
    const discount = shop.discounts?.get(used.discountCode);
    if (!discount) throw new Error("code not created");
    discount.usageCount = 1;
    shop.throttleNext = 1;

    const progress: number[] = [];
    const result = await syncCouponUsage(storeId, (checked) => progress.push(checked));
    expect(result).toEqual({
      message: "Checked 2 discount codes: 1 newly used",
      updatedCount: 1,
      checked: 2,
    });
    expect(progress).toEqual([1, 2]);
    const rows = await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
    const usedByEmail = Object.fromEntries(rows.map((row) => [row.email, row.discountCodeUsed]));
    expect(usedByEmail).toMatchObject({
      [used.email]: true,
      [unused.email]: false,
      [shared[0]?.email ?? ""]: false,
    });
    expect((await syncCouponUsage(storeId)).updatedCount).toBe(0);
  });
});

describe("checking the popup's code in Shopify (validateDiscountCode)", () => {
  const popupOf = async (storeId: string) =>
    (await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId)))[0];

  it("records, right after connecting, that the popup's code does not exist in Shopify, and when it does", async () => {
    const storeId = await connectedStore();
    await drainInProcessJobs();
    expect(await popupOf(storeId)).toMatchObject({ discountCode: "WELCOME15", discountCodeInShopify: false });

    shop.discounts?.set("WELCOME15", {
      id: "gid://shopify/DiscountCodeNode/1",
      title: "Welcome",
      percentage: 0.15,
      usageLimit: null,
      appliesOncePerCustomer: false,
      usageCount: 3,
    });
    try {
      expect(await checkStaticDiscountCode(storeId)).toBe(true);
      expect((await popupOf(storeId))?.discountCodeInShopify).toBe(true);
    } finally {
      shop.discounts?.delete("WELCOME15");
    }
  });

  it("forgets the answer when the merchant changes the code, and checks the new one", async () => {
    const storeId = await connectedStore();
    await drainInProcessJobs();
    // The check is held until the forgotten answer has been read, so the read cannot race the job.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    runJobsWith(async (name, payload, attempt) => {
      await held;
      return runJob(name, payload, attempt);
    });
    try {
      await updatePopupConfig(await actorFor(owner.admin.id), storeId, { discountCode: "SPRING10" });
      expect((await popupOf(storeId))?.discountCodeInShopify).toBeNull();
    } finally {
      release();
      runJobsInProcess();
    }
    await drainInProcessJobs();
    expect(await popupOf(storeId)).toMatchObject({ discountCode: "SPRING10", discountCodeInShopify: false });
  });

  it("checks nothing when the owner turned the preference off", async () => {
    const storeId = await connectedStore();
    await updatePreferences(await actorFor(owner.admin.id), { validateDiscountCode: false });
    try {
      expect(await checkStaticDiscountCode(storeId)).toBeNull();
    } finally {
      await updatePreferences(await actorFor(owner.admin.id), { validateDiscountCode: true });
    }
  });
});

describe("sync progress", () => {
  it("is kept for the screen when the sync job ends", async () => {
    const storeId = await connectedStore();
    await subscribeTo(storeId);
    await subscribeTo(storeId);
    const result = await processShopifyJob({ type: "sync-coupon-usage", storeId });
    expect(result).toMatchObject({ checked: 2, updatedCount: 0 });
    expect(await getSyncProgress(storeId)).toEqual({ checked: 2, total: 2, running: false });
  });
});
