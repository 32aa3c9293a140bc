import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offerDiscounts, popupConfigs, stores, subscribers } from "~/db/schema";
import type { PopupUpdate } from "~/lib/schemas/popups";
import { updatePreferences } from "~/services/notifications/preferences.server";
import { subscribingPopup } from "~/services/popups/public-popups.server";
import { redactCustomer } from "~/services/shopify/compliance.server";
import { withShopify } from "~/services/shopify/connection.server";
import { syncCouponUsage } from "~/services/shopify/coupon-sync.server";
import {
  checkStaticDiscountCode,
  issueUniqueCode,
  popupOffer,
} from "~/services/shopify/discount-codes.server";
import { addCodesToOffer, confirmCodes } from "~/services/shopify/offer-discounts.server";
import { getSyncProgress } from "~/services/shopify/sync-progress.server";
import { subscribe } from "~/services/subscribers/subscribe.server";
import { drainInProcessJobs, runJobsWith } from "../../jobs/client";
import { runJobsInProcess } from "../../jobs/in-process";
import { processShopifyJob } from "../../jobs/processors/shopify";
import { runJob } from "../../jobs/run";
import { FAKE_SHOP, type FakeDiscount, type FakeShop, setupShopifyMock } from "../../mocks/shopify";
import { defaultPrizeWheel } from "../../popup/prize-wheel";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { botProof } from "../support/builders/bot-check";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { connectWithLegacyToken } from "../support/builders/legacy-shopify";
import { updateAndPublish } from "../support/builders/published-popup";
import { testDb } from "../support/infra/db";

const shop: FakeShop = { ...FAKE_SHOP, currency: "EUR", discounts: new Map() };
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
  await connectWithLegacyToken(await actorFor(owner.admin.id), store.id, {
    shopifyUrl: "acme-test",
    accessToken: FAKE_SHOP.accessToken,
  });
  return store.id;
}

/** `sent`: what else the body says (a client's own idea of its prize, say). */
async function subscribeTo(storeId: string, sent: object = {}) {
  const popup = await subscribingPopup(storeId);
  if (!popup) throw new Error("no popup");
  const email = `buyer-${++counter}@acme-corp.example`;
  const answer = await subscribe(
    popup,
    { ...sent, email, proof: botProof(storeId) },
    { ip: "127.0.0.1", userAgent: "test" },
  );
  return { email, discountCode: answer.discountCode ?? "", wheel: answer.wheel };
}

/** The discount a code belongs to in the fake shop. */
function discountOf(code: string): FakeDiscount {
  const discount = shop.discounts?.get(code);
  if (!discount) throw new Error(`${code} is not in Shopify`);
  return discount;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The store's offer discount ends tomorrow, here and in Shopify: the next code must move its end. */
async function endSoon(storeId: string, discount: FakeDiscount) {
  const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId));
  const soon = new Date(Date.now() + DAY_MS);
  await testDb()
    .update(offerDiscounts)
    .set({ endsAt: soon })
    .where(eq(offerDiscounts.popupId, popup?.id ?? ""));
  discount.endsAt = soon.toISOString();
}

describe("unique discount codes", () => {
  it("gives each subscriber their own code, a redeem code of the popup offer's one Shopify discount", async () => {
    const storeId = await connectedStore();
    const first = await subscribeTo(storeId);
    const second = await subscribeTo(storeId);
    expect(first.discountCode).toMatch(/^WELCOME15-[A-Z2-9]{6}$/);
    expect(second.discountCode).not.toBe(first.discountCode);
    const discount = discountOf(first.discountCode);
    expect(discountOf(second.discountCode)).toBe(discount);
    expect(discount).toMatchObject({
      title: "Newsletter popup – Welcome popup – 15%",
      percentage: 0.15,
      usageLimit: 1,
      appliesOncePerCustomer: true,
    });
    // Valid the popup's 30 days, and a day more at most.
    const endsIn = Date.parse(discount.endsAt ?? "") - Date.now();
    expect(endsIn).toBeGreaterThan(30 * DAY_MS);
    expect(endsIn).toBeLessThanOrEqual(31 * DAY_MS);
    const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, first.email));
    expect(row?.discountCodeSent).toBe(first.discountCode);
    expect((await subscribeTo(storeId)).discountCode).not.toBe("WELCOME15");
  });

  it("makes one discount for many subscribers, adding their codes at most 250 a call, and puts no email in Shopify", async () => {
    const storeId = await connectedStore();
    const before = new Set(shop.discounts?.values());
    const answers = await Promise.all(Array.from({ length: 12 }, () => subscribeTo(storeId)));
    await drainInProcessJobs();
    const created = new Set(
      [...(shop.discounts?.values() ?? [])].filter((discount) => !before.has(discount)),
    );
    expect(created.size).toBe(1);
    const [discount] = [...created];
    const rows = await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
    for (const row of rows) expect(discount?.codes.has(row.discountCodeSent ?? "")).toBe(true);
    expect(rows).toHaveLength(answers.length);
    expect(Math.max(...(discount?.bulkAdds ?? []))).toBeLessThanOrEqual(250);
    expect(
      JSON.stringify({ title: discount?.title, codes: [...(discount?.codes.keys() ?? [])] }),
    ).not.toMatch(/@/);
  });

  it("sends 250 codes a call, and Shopify refuses a code the shop already has", async () => {
    const storeId = await connectedStore();
    const { discountCode } = await subscribeTo(storeId);
    const discount = discountOf(discountCode);
    const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId));
    const [store] = await testDb().select().from(stores).where(eq(stores.id, storeId));
    if (!popup || !store) throw new Error("no popup");
    const codes = Array.from({ length: 600 }, (_, index) => `BULK-${index}`);
    const outcomes = await withShopify(store, async (credentials) =>
      confirmCodes(
        credentials,
        await addCodesToOffer(credentials, popupOffer(popup, store), [discountCode, ...codes]),
      ),
    );
    expect(discount.bulkAdds.slice(-3)).toEqual([250, 250, 101]);
    expect(outcomes.filter((outcome) => !outcome.added)).toEqual([
      { code: discountCode, added: false, errors: ["Code must be unique. Please try a different code."] },
    ]);
    expect(discount.codes.size).toBe(1 + 1 + 600);
    expect(discountOf("BULK-599")).toBe(discount);
  });

  it("creates the discount once when several codes come at the same moment", async () => {
    const storeId = await connectedStore();
    const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId));
    const [store] = await testDb().select().from(stores).where(eq(stores.id, storeId));
    if (!popup || !store) throw new Error("no popup");
    const codes = ["RACE-1", "RACE-2", "RACE-3", "RACE-4", "RACE-5"];
    await Promise.all(
      codes.map((code) =>
        withShopify(store, async (credentials) =>
          confirmCodes(credentials, await addCodesToOffer(credentials, popupOffer(popup, store), [code])),
        ),
      ),
    );
    const discount = discountOf("RACE-1");
    for (const code of codes) expect(discountOf(code)).toBe(discount);
    expect(discount.codes.size).toBe(codes.length + 1);
  });

  it("finds a discount whose creation was cut off, instead of creating another", async () => {
    const storeId = await connectedStore();
    const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId));
    if (!popup) throw new Error("no popup");
    const { discountCode } = await subscribeTo(storeId);
    // As if the app had stopped after Shopify made the discount and before its id was stored.
    await testDb()
      .update(offerDiscounts)
      .set({ shopifyDiscountId: null, endsAt: null })
      .where(eq(offerDiscounts.popupId, popup.id));
    const again = await subscribeTo(storeId);
    expect(discountOf(again.discountCode)).toBe(discountOf(discountCode));
  });

  it("uses the merchant's validity and uses per code, and a new discount when the offer changes", async () => {
    const storeId = await connectedStore();
    const first = await subscribeTo(storeId);
    await updateAndPublish(await actorFor(owner.admin.id), storeId, {
      codeValidDays: 7,
      codeUsageLimit: 3,
      discountPercentage: 20,
    });
    const second = await subscribeTo(storeId);
    const discount = discountOf(second.discountCode);
    expect(discount).not.toBe(discountOf(first.discountCode));
    expect(discount).toMatchObject({
      title: "Newsletter popup – Welcome popup – 20%",
      usageLimit: 3,
      percentage: 0.2,
    });
    const endsIn = Date.parse(discount.endsAt ?? "") - Date.now();
    expect(endsIn).toBeGreaterThan(7 * DAY_MS);
    expect(endsIn).toBeLessThanOrEqual(8 * DAY_MS);
  });

  it("moves the discount's end when a code is added late, so every code keeps its days", async () => {
    const storeId = await connectedStore();
    const { discountCode } = await subscribeTo(storeId);
    const discount = discountOf(discountCode);
    await endSoon(storeId, discount);
    await subscribeTo(storeId);
    expect(Date.parse(discount.endsAt ?? "") - Date.now()).toBeGreaterThan(30 * DAY_MS);
  });

  it("answers a repeated subscribe without the subscriber's code and creates no second code", async () => {
    const storeId = await connectedStore();
    const { email } = await subscribeTo(storeId);
    const popup = await subscribingPopup(storeId);
    if (!popup) throw new Error("no popup");
    const codesBefore = shop.discounts?.size;
    const again = await subscribe(
      popup,
      { email, proof: botProof(storeId) },
      { ip: "127.0.0.1", userAgent: "test" },
    );
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

describe("offers beyond a percentage (documents checked against the pinned Admin schema)", () => {
  const offerOn = async (change: PopupUpdate) => {
    const storeId = await connectedStore();
    await updateAndPublish(await actorFor(owner.admin.id), storeId, change);
    return storeId;
  };

  it("makes an amount off the order in the shop's currency, from a minimum subtotal", async () => {
    const storeId = await offerOn({ offerKind: "fixed-amount", discountAmount: 10, minimumSubtotal: 50 });
    const { discountCode } = await subscribeTo(storeId);
    expect(discountOf(discountCode)).toMatchObject({
      type: "DiscountCodeBasic",
      title: "Newsletter popup – Welcome popup – €10 off",
      percentage: 0,
      amount: "10.00",
      minimumSubtotal: "50.00",
      appliesOncePerCustomer: true,
    });
  });

  it("makes a percentage off with a minimum subtotal", async () => {
    const storeId = await offerOn({ discountPercentage: 25, minimumSubtotal: 30 });
    const { discountCode } = await subscribeTo(storeId);
    expect(discountOf(discountCode)).toMatchObject({
      type: "DiscountCodeBasic",
      percentage: 0.25,
      amount: null,
      minimumSubtotal: "30.00",
    });
  });

  it("makes a free-shipping code discount to every country, and adds later codes to it", async () => {
    const storeId = await offerOn({ offerKind: "free-shipping", minimumSubtotal: 40 });
    const first = await subscribeTo(storeId);
    const discount = discountOf(first.discountCode);
    expect(discount).toMatchObject({
      type: "DiscountCodeFreeShipping",
      title: "Newsletter popup – Welcome popup – free shipping",
      allCountries: true,
      minimumSubtotal: "40.00",
      usageLimit: 1,
    });
    // A late code moves the free-shipping discount's end through its own update mutation.
    await endSoon(storeId, discount);
    const second = await subscribeTo(storeId);
    expect(discountOf(second.discountCode)).toBe(discount);
    expect(Date.parse(discount.endsAt ?? "") - Date.now()).toBeGreaterThan(30 * DAY_MS);
  });

  it("gives a wheel's subscriber the prize the server drew, whatever the client says it won", async () => {
    const slices = defaultPrizeWheel.slices.map((slice, index) => ({
      ...slice,
      weight: index === 2 ? 1 : 0,
    }));
    const storeId = await offerOn({ wheel: { slices } });
    const { discountCode, wheel } = await subscribeTo(storeId, { wheel: { slice: 3 }, prize: "SPIN20" });
    expect(wheel).toEqual({
      slice: 2,
      label: "Free shipping",
      won: true,
      phrase: "free shipping on your order",
      useCode: "Use this code at checkout to get free shipping on your order.",
    });
    expect(discountCode).toMatch(/^SPINSHIP-[A-Z2-9]{6}$/);
    expect(discountOf(discountCode)).toMatchObject({ type: "DiscountCodeFreeShipping" });
    const [row] = await testDb()
      .select()
      .from(subscribers)
      .where(eq(subscribers.discountCodeSent, discountCode));
    expect(row?.wheelDraw).toMatchObject({ slice: 2, prize: { kind: "free-shipping", code: "SPINSHIP" } });
  });

  it("gives no code at all for a wheel's no-prize slice, and makes no discount for it", async () => {
    const slices = defaultPrizeWheel.slices.map((slice, index) => ({
      ...slice,
      weight: index === 1 ? 1 : 0,
    }));
    const storeId = await offerOn({ wheel: { slices } });
    const discounts = shop.discounts?.size;
    const answer = await subscribeTo(storeId);
    expect(answer.wheel).toEqual({ slice: 1, label: "No luck", won: false });
    expect(answer.discountCode).toBe("");
    expect(shop.discounts?.size).toBe(discounts);
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
    // The discount was used twice, but only through `used`'s code.
    discountOf(used.discountCode).codes.set(used.discountCode, 2);
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

  it("marks a used free-shipping code, and a used amount-off code", async () => {
    const storeId = await connectedStore();
    await updateAndPublish(await actorFor(owner.admin.id), storeId, { offerKind: "free-shipping" });
    const shipping = await subscribeTo(storeId);
    await updateAndPublish(await actorFor(owner.admin.id), storeId, {
      offerKind: "fixed-amount",
      discountAmount: 5,
    });
    const amount = await subscribeTo(storeId);
    const unused = await subscribeTo(storeId);
    expect(discountOf(shipping.discountCode).type).toBe("DiscountCodeFreeShipping");
    expect(discountOf(amount.discountCode)).toMatchObject({ type: "DiscountCodeBasic", amount: "5.00" });
    discountOf(shipping.discountCode).codes.set(shipping.discountCode, 1);
    discountOf(amount.discountCode).codes.set(amount.discountCode, 1);

    expect(await syncCouponUsage(storeId)).toMatchObject({ checked: 3, updatedCount: 2 });
    const rows = await testDb().select().from(subscribers).where(eq(subscribers.storeId, storeId));
    expect(Object.fromEntries(rows.map((row) => [row.email, row.discountCodeUsed]))).toEqual({
      [shipping.email]: true,
      [amount.email]: true,
      [unused.email]: false,
    });
  });
});

describe("checking the popup's code in Shopify (validateDiscountCode)", () => {
  /** A discount the merchant made in Shopify themselves, with this one code (used three times). */
  const merchantDiscount = (code: string): FakeDiscount => ({
    id: `gid://shopify/DiscountCodeNode/${code}`,
    title: "Welcome",
    percentage: 0.15,
    usageLimit: null,
    appliesOncePerCustomer: false,
    endsAt: null,
    codes: new Map([[code, 3]]),
    bulkAdds: [],
  });
  const popupOf = async (storeId: string) =>
    (await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, storeId)))[0];

  it("records, right after connecting, that the popup's code does not exist in Shopify, and when it does", async () => {
    const storeId = await connectedStore();
    await drainInProcessJobs();
    expect(await popupOf(storeId)).toMatchObject({ discountCode: "WELCOME15", discountCodeInShopify: false });

    shop.discounts?.set("WELCOME15", merchantDiscount("WELCOME15"));
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
      await updateAndPublish(await actorFor(owner.admin.id), storeId, { discountCode: "SPRING10" });
      expect((await popupOf(storeId))?.discountCodeInShopify).toBeNull();
    } finally {
      release();
      runJobsInProcess();
    }
    await drainInProcessJobs();
    expect(await popupOf(storeId)).toMatchObject({ discountCode: "SPRING10", discountCodeInShopify: false });
  });

  it("checks each prize code of the wheel too, and checks a slice's code again when it changes", async () => {
    const storeId = await connectedStore();
    const slices = defaultPrizeWheel.slices;
    await updateAndPublish(await actorFor(owner.admin.id), storeId, { wheel: { slices } });
    shop.discounts?.set("SPIN10", merchantDiscount("SPIN10"));
    try {
      await drainInProcessJobs();
      expect(await checkStaticDiscountCode(storeId)).toBe(false);
      expect((await popupOf(storeId))?.wheelCodesNotInShopify).toEqual(["SPINSHIP", "SPIN20"]);

      const renamed = slices.map((slice, index) =>
        index === 3 && slice.prize ? { ...slice, prize: { ...slice.prize, code: "SPIN10" } } : slice,
      );
      await updateAndPublish(await actorFor(owner.admin.id), storeId, { wheel: { slices: renamed } });
      await drainInProcessJobs();
      expect((await popupOf(storeId))?.wheelCodesNotInShopify).toEqual(["SPINSHIP"]);
    } finally {
      shop.discounts?.delete("SPIN10");
    }
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

describe("customers/redact", () => {
  it("removes the customer's code from the offer discount, and an older discount titled with their email", async () => {
    const storeId = await connectedStore();
    await testDb().update(stores).set({ shopifyDomain: FAKE_SHOP.domain }).where(eq(stores.id, storeId));
    const { email, discountCode } = await subscribeTo(storeId);
    const other = await subscribeTo(storeId);
    const discount = discountOf(discountCode);
    const old = { email: `old-${++counter}@acme-corp.example`, code: "WELCOME15-OLD234" };
    await testDb().insert(subscribers).values({ storeId, email: old.email, discountCodeSent: old.code });
    shop.discounts?.set(old.code, {
      id: "gid://shopify/DiscountCodeNode/9",
      title: `15% welcome discount for ${old.email}`,
      percentage: 0.15,
      usageLimit: 1,
      appliesOncePerCustomer: true,
      endsAt: null,
      codes: new Map([[old.code, 0]]),
      bulkAdds: [],
    });

    expect(await redactCustomer(FAKE_SHOP.domain, { id: null, email, orders: [] })).toBe(1);
    expect(
      await redactCustomer(FAKE_SHOP.domain, { id: null, email: old.email.toUpperCase(), orders: [] }),
    ).toBe(1);
    expect(discount.codes.has(discountCode)).toBe(false);
    expect(shop.discounts?.has(discountCode)).toBe(false);
    expect(discountOf(other.discountCode)).toBe(discount);
    expect(shop.discounts?.has(old.code)).toBe(false);
  });
});
