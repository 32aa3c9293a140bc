import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderAttributions, popupConfigs, popupVariantDays, subscribers } from "~/db/schema";
import type { PopupStats } from "~/lib/schemas/popup-stats";
import { stepFunnel } from "~/lib/step-funnel";
import { drawSlice } from "~/services/popups/prize-draw.server";
import type { PopupVariant } from "../../popup/config";
import { defaultPrizeWheel } from "../../popup/prize-wheel";
import { defaultPopupSteps } from "../../popup/steps";
import { createStoreFor } from "../support/builders/actors";
import { createSecondOrganization, uniqueEmail } from "../support/builders/fixtures";
import { deliver, installedShop, WEBHOOK_APP_ENV } from "../support/builders/webhooks";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { eventually } from "../support/infra/wait";

/**
 * GET /api/stores/:storeId/popups/:popupId/stats over counts seeded in popup_variant_days, and revenue
 * recorded from signed orders/create deliveries, each order once.
 */
let app: AppServer;
let admin: HttpClient;
let shop: Awaited<ReturnType<typeof installedShop>>;
let popupId: string;

const variants: PopupVariant[] = [
  { id: "control", name: "A", weight: 40, overrides: {} },
  { id: "bold", name: "B", weight: 40, overrides: { title: "Take 15 % off" } },
  { id: "short", name: "C", weight: 20, overrides: { subtitle: "Join us" } },
];

const zeroSteps = { impressions: 0, subscribers: 0, openerContinues: 0, extraFieldsContinues: 0 };

/** A UTC day `back` days before today, as the stats name days. */
function dayBefore(back: number): string {
  const day = new Date();
  day.setUTCHours(0, 0, 0, 0);
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

async function seedDay(variantId: string, back: number, impressions: number, subscriberCount: number) {
  await testDb()
    .insert(popupVariantDays)
    .values({ popupId, variantId, day: dayBefore(back), impressions, subscribers: subscriberCount });
}

function statsPath(query = "", storeId = shop.store.id, popup = popupId) {
  return `/api/stores/${storeId}/popups/${popup}/stats${query}`;
}

function order(id: number, code: string, total: string, currency = "USD") {
  return {
    id,
    created_at: new Date().toISOString(),
    total_price: total,
    currency,
    discount_codes: [{ code }],
  };
}

const ordersCreate = (payload: unknown, ids: { eventId?: string; webhookId?: string } = {}) =>
  deliver(app.url, { topic: "orders/create", shop: shop.domain, payload, ...ids });

async function attributedOrders() {
  return testDb().select().from(orderAttributions).where(eq(orderAttributions.storeId, shop.store.id));
}

beforeAll(async () => {
  app = await startApp({ env: WEBHOOK_APP_ENV });
  shop = await installedShop("Stats Shop");
  admin = new HttpClient(app.url);
  await admin.login(shop.owner.email, shop.owner.password);
  const [popup] = await testDb()
    .update(popupConfigs)
    .set({ variants, discountCode: "WELCOME15" })
    .where(eq(popupConfigs.storeId, shop.store.id))
    .returning();
  if (!popup) throw new Error("the store has no popup");
  popupId = popup.id;

  // Control 200/1000, "bold" 250/1000 (known: z 2.677, p 0.00742, P(beat) 0.99628), "short" too few.
  await seedDay("control", 0, 600, 120);
  await seedDay("control", 3, 400, 80);
  await seedDay("bold", 0, 500, 130);
  await seedDay("bold", 6, 500, 120);
  await seedDay("short", 1, 50, 5);
  // Outside a 7-day period, and a variant the popup no longer has.
  await seedDay("control", 7, 9000, 9000);
  await seedDay("retired", 0, 800, 700);
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

describe("the A/B test's figures", () => {
  it("counts each current variant over the period, compares them all and names the winner", async () => {
    const response = await admin.get<PopupStats>(statsPath("?days=7"));
    expect(response.status, response.text).toBe(200);
    const stats = response.body;
    expect(stats.days).toBe(7);
    expect(stats.lossThreshold).toBe(0.0005);
    expect(stats.variants.map((variant) => [variant.id, variant.impressions, variant.subscribers])).toEqual([
      ["control", 1000, 200],
      ["bold", 1000, 250],
      ["short", 50, 5],
    ]);
    const [control, bold, short] = stats.variants;
    expect(control).toMatchObject({
      name: "A",
      weight: 40,
      isControl: true,
      conversionRate: 0.2,
      probabilityToBeatControl: null,
      pValue: null,
    });
    expect(bold).toMatchObject({ name: "B", isControl: false, conversionRate: 0.25 });
    expect(bold?.pValue).toBeCloseTo(0.00741964926, 9);
    expect(bold?.probabilityToBeatControl).toBeCloseTo(0.99628332913, 9);
    expect(short?.conversionRate).toBe(0.1);
    // All three at once: "short" has seen 50 impressions, so it keeps a small chance of its own.
    expect(stats.variants.map((variant) => variant.probabilityToBeBest.toFixed(4))).toEqual([
      "0.0037",
      "0.9897",
      "0.0066",
    ]);
    expect(bold?.expectedLoss).toBeCloseTo(0.000168, 6);
    expect(stats.leader?.variantId).toBe("bold");
    expect(stats.winner).toEqual(stats.leader);
    expect(stats.winner?.probability).toBeCloseTo(0.9897, 4);
  });

  it("gives every day of the period, oldest first, with zeros where nothing was counted", async () => {
    const { body } = await admin.get<PopupStats>(statsPath("?days=7"));
    expect(body.series.map((entry) => entry.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(dayBefore));
    const zero = zeroSteps;
    expect(body.series[0]?.variants).toEqual({
      control: zero,
      bold: { ...zero, impressions: 500, subscribers: 120 },
      short: zero,
    });
    expect(body.series[1]?.variants).toEqual({ control: zero, bold: zero, short: zero });
    expect(body.series[6]?.variants).toEqual({
      control: { ...zero, impressions: 600, subscribers: 120 },
      bold: { ...zero, impressions: 500, subscribers: 130 },
      short: zero,
    });
  });

  it("looks at 30 days by default, and names the control when it is beyond doubt, however few saw the others", async () => {
    const { body } = await admin.get<PopupStats>(statsPath());
    expect(body.days).toBe(30);
    expect(body.series).toHaveLength(30);
    expect(body.series.at(-1)?.day).toBe(dayBefore(0));
    expect(body.variants[0]).toMatchObject({ impressions: 10_000, subscribers: 9_200 });
    // The control (92 %) beats both challengers beyond doubt, though "short" has seen only 50 impressions.
    expect(body.variants[1]?.probabilityToBeatControl).toBeLessThan(1e-9);
    expect(body.winner?.variantId).toBe("control");
    expect(body.winner?.probability).toBeGreaterThan(0.999999);
  });

  it("names no winner while a variant runs alone", async () => {
    const store = await createStoreFor(shop.owner.admin.id, { name: "Single Variant" });
    const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, store.id));
    const { status, body } = await admin.get<PopupStats>(statsPath("", store.id, popup?.id));
    expect(status).toBe(200);
    expect(body.variants).toHaveLength(1);
    expect(body.leader).toBeNull();
    expect(body.winner).toBeNull();
    expect(body.revenue).toEqual([]);
  });

  it("gives a small shop's leader with how sure it is, before the test names a winner", async () => {
    const store = await createStoreFor(shop.owner.admin.id, { name: "Small Shop" });
    const [popup] = await testDb()
      .update(popupConfigs)
      .set({ variants: variants.slice(0, 2) })
      .where(eq(popupConfigs.storeId, store.id))
      .returning();
    if (!popup) throw new Error("the store has no popup");
    // A fortnight at about 20 views a day per variant: 5 % against 8 %.
    await testDb()
      .insert(popupVariantDays)
      .values([
        { popupId: popup.id, variantId: "control", day: dayBefore(2), impressions: 300, subscribers: 15 },
        { popupId: popup.id, variantId: "bold", day: dayBefore(2), impressions: 300, subscribers: 24 },
      ]);
    const { status, body } = await admin.get<PopupStats>(statsPath("", store.id, popup.id));
    expect(status).toBe(200);
    expect(body.leader?.variantId).toBe("bold");
    expect(body.leader?.probability).toBeCloseTo(0.93, 3);
    expect(body.leader?.expectedLoss).toBeCloseTo(0.000635, 5);
    expect(body.winner).toBeNull();
    // Twice the traffic at the same rates is enough.
    await testDb()
      .insert(popupVariantDays)
      .values([
        { popupId: popup.id, variantId: "control", day: dayBefore(1), impressions: 300, subscribers: 15 },
        { popupId: popup.id, variantId: "bold", day: dayBefore(1), impressions: 300, subscribers: 24 },
      ]);
    const later = await admin.get<PopupStats>(statsPath("", store.id, popup.id));
    expect(later.body.winner?.variantId).toBe("bold");
    expect(later.body.winner?.expectedLoss).toBeLessThan(0.0005);
  });

  it.each([
    ["0", "days must be at least 1"],
    ["366", "days must be at most 365"],
    ["1.5", "days must be a whole number"],
    ["thirty", "days must be a number"],
  ])("refuses days=%s with a message", async (days, message) => {
    const response = await admin.get<{ message: string; errors: Record<string, string[]> }>(
      statsPath(`?days=${days}`),
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { days: [message] } });
  });

  it("answers 404 for another store's popup and for another organization's", async () => {
    const sibling = await createStoreFor(shop.owner.admin.id, { name: "Sibling" });
    const wrongStore = await admin.get<{ message: string }>(statsPath("", sibling.id));
    expect(wrongStore.status).toBe(404);
    expect(wrongStore.body.message).toBe("Popup not found");

    const other = await createSecondOrganization();
    const outsider = new HttpClient(app.url);
    await outsider.login(other.email, other.password);
    const theirs = await outsider.get(statsPath());
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain("bold");
  });
});

describe("the steps' figures per day", () => {
  it("gives each day's continues, which make that day's funnel in the variant's step order", async () => {
    const [twoStep] = await testDb()
      .insert(popupConfigs)
      .values({
        storeId: shop.store.id,
        name: "Two steps",
        priority: 8,
        status: "live",
        steps: {
          opener: { ...defaultPopupSteps.opener, enabled: true },
          extraFields: { ...defaultPopupSteps.extraFields, enabled: true },
        },
      })
      .returning();
    const id = twoStep?.id ?? "";
    const day = { popupId: id, variantId: "control", impressionsNotCounted: 0, subscribersNotCounted: 0 };
    await testDb()
      .insert(popupVariantDays)
      .values([
        {
          ...day,
          day: dayBefore(1),
          impressions: 100,
          openerContinues: 40,
          subscribers: 10,
          extraFieldsContinues: 4,
        },
        {
          ...day,
          day: dayBefore(0),
          impressions: 50,
          openerContinues: 30,
          subscribers: 15,
          extraFieldsContinues: 9,
        },
      ]);

    const stats = (await admin.get<PopupStats>(statsPath("?days=2", shop.store.id, id))).body;
    const [control] = stats.variants;
    const sequence = control?.steps.map(({ step }) => step) ?? [];
    expect(sequence).toEqual(["opener", "email", "extraFields", "success"]);
    const viewsPerDay = stats.series.map((point) =>
      stepFunnel(sequence, point.variants.control ?? zeroSteps).map(({ views }) => views),
    );
    expect(viewsPerDay).toEqual([
      [100, 40, 10, 4],
      [50, 30, 15, 9],
    ]);
    // The period's funnel is the days' sums.
    expect(control?.steps.map(({ views }) => views)).toEqual([150, 70, 25, 13]);
  });
});

describe("the prize wheel's draws", () => {
  /** A subscriber of `popup` whose draw was the slice `random` (in [0, 1)) picks, `back` days ago. */
  const drawn = (popup: string, random: number, back = 0) => ({
    storeId: shop.store.id,
    popupId: popup,
    variantId: "control",
    email: uniqueEmail("spinner"),
    wheelDraw: drawSlice(defaultPrizeWheel, () => random),
    subscribedAt: new Date(Date.now() - back * 86_400_000),
  });

  it("counts who drew each slice in the period beside its chance, and the draws without a prize", async () => {
    const [wheelPopup] = await testDb()
      .insert(popupConfigs)
      .values({ storeId: shop.store.id, name: "Spin", wheel: defaultPrizeWheel, priority: 9, status: "live" })
      .returning();
    const wheelId = wheelPopup?.id ?? "";
    // Weights 40, 20, 30, 10: 0.1–0.3 land on "10% off", 0.5 on "No luck" (no prize), 0.95 on "20% off".
    await testDb()
      .insert(subscribers)
      .values([
        ...[0.1, 0.2, 0.3, 0.5, 0.5, 0.95].map((random) => drawn(wheelId, random)),
        // Before the period, and another popup's subscriber: not counted.
        drawn(wheelId, 0.1, 10),
        drawn(popupId, 0.1),
        // Subscribed before the popup had its wheel: no draw (SQL NULL, or JSON null as older rows hold).
        { ...drawn(wheelId, 0.1), wheelDraw: null },
        { ...drawn(wheelId, 0.1), wheelDraw: sql`'null'::jsonb` },
      ]);

    const stats = (await admin.get<PopupStats>(statsPath("?days=7", shop.store.id, wheelId))).body;
    expect(stats.wheel).toEqual({
      slices: [
        { label: "10% off", prize: true, chance: 40, winners: 3 },
        { label: "No luck", prize: false, chance: 20, winners: 2 },
        { label: "Free shipping", prize: true, chance: 30, winners: 0 },
        { label: "20% off", prize: true, chance: 10, winners: 1 },
      ],
      noPrize: 2,
      spins: 6,
      earlier: 0,
    });
    expect(
      (await admin.get<PopupStats>(statsPath("?days=30", shop.store.id, wheelId))).body.wheel,
    ).toMatchObject({ spins: 7, noPrize: 2 });
    // A popup without a wheel has no wheel figures.
    expect((await admin.get<PopupStats>(statsPath("?days=7"))).body.wheel).toBeNull();

    // The merchant moves "20% off" to the front and renames "No luck": each draw stays with the slice it
    // landed on, found by its label, and the renamed slice's draws go to none of today's slices.
    const [tenOff, noLuck, freeShipping, twentyOff] = defaultPrizeWheel.slices;
    if (!tenOff || !noLuck || !freeShipping || !twentyOff)
      throw new Error("the default wheel has four slices");
    await testDb()
      .update(popupConfigs)
      .set({ wheel: { slices: [twentyOff, tenOff, { ...noLuck, label: "Try again" }, freeShipping] } })
      .where(eq(popupConfigs.id, wheelId));
    const moved = (await admin.get<PopupStats>(statsPath("?days=7", shop.store.id, wheelId))).body.wheel;
    expect(moved?.slices.map(({ label, winners }) => [label, winners])).toEqual([
      ["20% off", 1],
      ["10% off", 3],
      ["Try again", 0],
      ["Free shipping", 0],
    ]);
    expect(moved).toMatchObject({ spins: 6, noPrize: 2, earlier: 2 });
  });
});

describe("revenue from orders/create", () => {
  it("records each order once, against the subscriber's variant or the popup's shared code", async () => {
    const [buyer] = await testDb()
      .insert(subscribers)
      .values({
        storeId: shop.store.id,
        email: uniqueEmail("buyer"),
        discountCodeSent: "WELCOME15-BOLD42",
        popupId,
        variantId: "bold",
      })
      .returning();
    const unique = order(9001, "welcome15-bold42", "59.99");
    const eventId = randomUUID();
    const webhookId = randomUUID();
    expect(await ordersCreate(unique, { eventId, webhookId })).toBe(200);
    expect(await ordersCreate(order(9002, "welcome15", "40.01"))).toBe(200);
    expect(await ordersCreate(order(9003, "WELCOME15", "10.00", "EUR"))).toBe(200);
    expect(await ordersCreate(order(9004, "NOT-OURS", "999.00"))).toBe(200);
    // Shopify's redeliveries: the same event, the same delivery under a fresh event id, and the same order
    // in a fresh event (an orders/create sent twice).
    expect(await ordersCreate(unique, { eventId })).toBe(200);
    expect(await ordersCreate(unique, { webhookId })).toBe(200);
    expect(await ordersCreate(unique)).toBe(200);
    await eventually(async () => (await attributedOrders()).length === 3, {
      what: "three orders attributed",
    });
    // A later order is processed after every redelivery queued before it.
    expect(await ordersCreate(order(9005, "WELCOME15", "0.50", "EUR"))).toBe(200);
    await eventually(async () => (await attributedOrders()).length === 4, { what: "the later order" });

    const rows = await attributedOrders();
    expect(
      rows
        .map((row) => [
          row.orderId,
          row.popupId,
          row.variantId,
          row.subscriberId,
          row.code,
          row.total,
          row.currency,
        ])
        .sort(),
    ).toEqual([
      ["gid://shopify/Order/9001", popupId, "bold", buyer?.id, "WELCOME15-BOLD42", "59.99", "USD"],
      ["gid://shopify/Order/9002", popupId, null, null, "WELCOME15", "40.01", "USD"],
      ["gid://shopify/Order/9003", popupId, null, null, "WELCOME15", "10.00", "EUR"],
      ["gid://shopify/Order/9005", popupId, null, null, "WELCOME15", "0.50", "EUR"],
    ]);

    const { body } = await admin.get<PopupStats>(statsPath("?days=7"));
    expect(body.revenue).toEqual([
      { currency: "EUR", total: "10.50", orders: 2 },
      { currency: "USD", total: "100.00", orders: 2 },
    ]);
    expect(body.variants.map((variant) => [variant.id, variant.revenue])).toEqual([
      ["control", []],
      ["bold", [{ currency: "USD", total: "59.99", orders: 1 }]],
      ["short", []],
    ]);

    const dashboard = await admin.get<{ revenue: unknown; couponsUsed: number }>(
      `/api/dashboard/stats?storeId=${shop.store.id}`,
    );
    expect(dashboard.body.revenue).toEqual(body.revenue);
    // The unique code is marked used as before.
    const couponsUsed = async () =>
      (await admin.get<{ couponsUsed: number }>(`/api/dashboard/stats?storeId=${shop.store.id}`)).body
        .couponsUsed;
    await eventually(async () => (await couponsUsed()) === 1, { what: "the unique code marked used" });
  });

  it("prefers a unique code to the shared one, keeps a subscriber whose popup is gone, and takes no code several got for unique", async () => {
    const values = (email: string, code: string, popup: string) => ({
      storeId: shop.store.id,
      email: uniqueEmail(email),
      discountCodeSent: code,
      popupId: popup,
      variantId: "control",
    });
    const [mixed, orphan] = await testDb()
      .insert(subscribers)
      .values([
        values("mixed", "WELCOME15-MIX001", popupId),
        values("orphan", "WELCOME15-GONE01", randomUUID()),
        // A shared code the popup had before: several subscribers got it, so it names none of them.
        values("early", "SPRING10", popupId),
        values("early", "SPRING10", popupId),
      ])
      .returning();
    const both = {
      ...order(9200, "WELCOME15", "20.00"),
      discount_codes: [{ code: "WELCOME15" }, { code: "welcome15-mix001" }],
    };
    expect(await ordersCreate(both)).toBe(200);
    expect(await ordersCreate(order(9201, "WELCOME15-GONE01", "30.00"))).toBe(200);
    expect(await ordersCreate(order(9202, "SPRING10", "25.00"))).toBe(200);
    const attributed = async (orderId: string) =>
      (await attributedOrders()).find((row) => row.orderId === `gid://shopify/Order/${orderId}`);
    expect(await eventually(() => attributed("9200"), { what: "order 9200" })).toMatchObject({
      subscriberId: mixed?.id,
      popupId,
      variantId: "control",
      code: "WELCOME15-MIX001",
    });
    expect(await eventually(() => attributed("9201"), { what: "order 9201" })).toMatchObject({
      subscriberId: orphan?.id,
      popupId: null,
      variantId: null,
    });
    // Processed by now: a later order is recorded after it.
    expect(await ordersCreate(order(9203, "WELCOME15", "1.00"))).toBe(200);
    await eventually(() => attributed("9203"), { what: "order 9203" });
    expect(await attributed("9202")).toBeUndefined();
  });

  it("counts an order in the period it was placed in", async () => {
    const store = await createStoreFor(shop.owner.admin.id, { name: "Older Orders" });
    const [popup] = await testDb().select().from(popupConfigs).where(eq(popupConfigs.storeId, store.id));
    const placed = (back: number) => new Date(`${dayBefore(back)}T12:00:00Z`);
    await testDb()
      .insert(orderAttributions)
      .values(
        [0, 6, 7].map((back) => ({
          storeId: store.id,
          orderId: `gid://shopify/Order/${back}`,
          popupId: popup?.id,
          code: "WELCOME15",
          total: "5.00",
          currency: "GBP",
          orderedAt: placed(back),
        })),
      );
    const revenue = async (days: number) =>
      (await admin.get<PopupStats>(statsPath(`?days=${days}`, store.id, popup?.id))).body.revenue;
    expect(await revenue(7)).toEqual([{ currency: "GBP", total: "10.00", orders: 2 }]);
    expect(await revenue(8)).toEqual([{ currency: "GBP", total: "15.00", orders: 3 }]);
  });

  it("marks the code but records no revenue when the order's total or currency is missing", async () => {
    const [buyer] = await testDb()
      .insert(subscribers)
      .values({ storeId: shop.store.id, email: uniqueEmail("bare"), discountCodeSent: "WELCOME15-BARE77" })
      .returning();
    expect(await ordersCreate({ id: 9100, discount_codes: [{ code: "WELCOME15-BARE77" }] })).toBe(200);
    await eventually(
      async () => {
        const [row] = await testDb()
          .select()
          .from(subscribers)
          .where(eq(subscribers.id, buyer?.id ?? ""));
        return row?.discountCodeUsed;
      },
      { what: "code marked used" },
    );
    const rows = await attributedOrders();
    expect(rows.map((row) => row.orderId)).not.toContain("gid://shopify/Order/9100");
  });
});
