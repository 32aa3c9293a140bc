import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailClickTracking, flowRuns, orderAttributions, subscribers } from "~/db/schema";
import { sweepFlows } from "~/services/flows/sweep.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { sendStoreMailTo } from "../support/builders/store-mail";
import { deliver, installedShop, WEBHOOK_APP_ENV } from "../support/builders/webhooks";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { type SmtpSink, startSmtpSink } from "../support/infra/smtp-sink";
import { eventually } from "../support/infra/wait";

/**
 * Flows (issue 33): the API, and a subscriber's way through the built-in welcome series on a fake clock
 * (the engine's sweep is called here with the clock moved on; the app's own sweep runs on the real one).
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let app: AppServer;
let admin: HttpClient;
let sink: SmtpSink;
let storeId: string;
let ownerId: string;

type Flow = {
  id: string;
  status: string;
  steps: { id: string; type: string }[];
  runsBefore: Record<string, number>;
};
type Stats = {
  entered: number;
  exited: Record<string, number>;
  sent: number;
  steps: { stepId: string; entered: number; sent: number | null; revenue: unknown }[];
  revenue: { currency: string; total: string; orders: number }[];
};

beforeAll(async () => {
  // This process sends the flow messages its sweeps make, to the loopback sink.
  process.env.ALLOW_PRIVATE_NETWORK_TARGETS = "true";
  sink = await startSmtpSink();
  const owner = await createOrganizationWithAdmin();
  ownerId = owner.admin.id;
  storeId = (await createStoreFor(ownerId)).id;
  await sendStoreMailTo(sink, storeId);
  app = await startApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "true", ...WEBHOOK_APP_ENV } });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});

afterAll(async () => {
  await app?.stop();
  await sink?.stop();
});

async function subscribe(email: string, store = storeId): Promise<string> {
  const response = await fetch(`${app.url}/api/public/stores/${store}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.email, email));
  if (!row) throw new Error(`${email} not stored`);
  return row.id;
}

const subjectsTo = (email: string) =>
  sink.messages.filter((message) => message.envelopeTo.includes(email)).map((message) => message.subject);

describe("the flows API", () => {
  it("starts from a built-in flow, paused, and refuses an abandoned-checkout flow without Shopify", async () => {
    const created = await admin.post<Flow>(`/api/stores/${storeId}/flows`, { template: "welcome-series" });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe("paused");
    expect(created.body.steps.map((step) => step.type)).toEqual([
      "welcome",
      "wait",
      "branch",
      "email",
      "wait",
      "branch",
      "email",
    ]);
    const checkout = await admin.post(`/api/stores/${storeId}/flows`, { template: "abandoned-checkout" });
    expect(checkout.status).toBe(409);
    const badBranch = await admin.put(`/api/stores/${storeId}/flows/${created.body.id}`, {
      steps: [{ id: "b", type: "branch", condition: "code_used", expect: false, otherwise: "b" }],
    });
    expect(badBranch.status).toBe(422);
    expect((await admin.delete(`/api/stores/${storeId}/flows/${created.body.id}`)).status).toBe(200);
    expect((await admin.get(`/api/stores/${storeId}/flows/${created.body.id}`)).status).toBe(404);
  });
});

describe("the welcome series on a fake clock", () => {
  it("reminds only while the code is unused, and nobody after an order", async () => {
    const created = await admin.post<Flow>(`/api/stores/${storeId}/flows`, { template: "welcome-series" });
    const flowId = created.body.id;
    expect((await admin.put(`/api/stores/${storeId}/flows/${flowId}`, { status: "live" })).status).toBe(200);

    const unused = `unused-${Date.now()}@acme.example`;
    const used = `used-${Date.now()}@acme.example`;
    const buyer = `buyer-${Date.now()}@acme.example`;
    const [, usedId, buyerId] = [await subscribe(unused), await subscribe(used), await subscribe(buyer)];
    const start = Date.now();
    await sweepFlows(new Date(start));
    const runs = await testDb().select().from(flowRuns).where(eq(flowRuns.flowId, flowId));
    expect(runs.map((run) => run.stepId)).toEqual(["code-unused", "code-unused", "code-unused"]);
    await eventually(() => [unused, used, buyer].every((email) => subjectsTo(email).length === 1), {
      what: "the welcome emails",
    });

    // Day 1: the buyer orders with their code (orders/create's attribution).
    await testDb()
      .insert(orderAttributions)
      .values({
        storeId,
        orderId: `order-${buyerId}`,
        subscriberId: buyerId,
        code: "WELCOME15",
        total: "40.00",
        currency: "EUR",
        orderedAt: new Date(),
      });
    await sweepFlows(new Date(start + 3 * DAY + HOUR));
    await eventually(() => subjectsTo(unused).length === 2 && subjectsTo(used).length === 2, {
      what: "the reminders",
    });
    expect(subjectsTo(buyer)).toHaveLength(1);

    // Day 4: the second subscriber uses the code; the day before it ends, only the first is told.
    await testDb().update(subscribers).set({ discountCodeUsed: true }).where(eq(subscribers.id, usedId));
    // A paused flow holds its runs where they are; started again, they go on.
    await admin.put(`/api/stores/${storeId}/flows/${flowId}`, { status: "paused" });
    await sweepFlows(new Date(start + 29 * DAY + HOUR));
    expect(subjectsTo(unused)).toHaveLength(2);
    const resumed = await admin.put<Flow>(`/api/stores/${storeId}/flows/${flowId}`, { status: "live" });
    expect(resumed.body.runsBefore["expires-tomorrow"]).toBe(2);
    await sweepFlows(new Date(start + 29 * DAY + HOUR));
    await eventually(() => subjectsTo(unused).length === 3, { what: "the last reminder" });
    // Each step ran once: sweeping again (and the app's own sweeps) sends nothing more.
    await sweepFlows(new Date(start + 40 * DAY));
    expect(subjectsTo(unused).slice(1)).toEqual([
      "Your 15% off is still waiting",
      "Your code expires tomorrow",
    ]);
    expect(subjectsTo(used).slice(1)).toEqual(["Your 15% off is still waiting"]);
    expect(subjectsTo(buyer)).toHaveLength(1);

    // An order after the last email counts for the flow (and its step), and on the dashboard's revenue card.
    const [unusedRow] = await testDb().select().from(subscribers).where(eq(subscribers.email, unused));
    await testDb()
      .insert(orderAttributions)
      .values({
        storeId,
        orderId: `order-${unusedRow?.id}`,
        subscriberId: unusedRow?.id,
        code: "WELCOME15",
        total: "25.00",
        currency: "EUR",
        orderedAt: new Date(Date.now() + 1000),
      });
    const revenue = [{ currency: "EUR", total: "25.00", orders: 1 }];
    const stats = await admin.get<Stats>(`/api/stores/${storeId}/flows/${flowId}/stats`);
    expect(stats.body).toMatchObject({ entered: 3, sent: 3, exited: { ordered: 1, condition: 1 }, revenue });
    expect(stats.body.steps.at(-1)?.revenue).toEqual(revenue);
    const dashboard = await admin.get<{ flowRevenue: unknown }>(`/api/dashboard/stats?storeId=${storeId}`);
    expect(dashboard.body.flowRevenue).toEqual(revenue);
    expect(stats.body.steps.map((step) => [step.stepId, step.entered, step.sent])).toEqual([
      ["welcome", 3, null],
      ["wait-3-days", 3, null],
      ["code-unused", 3, null],
      ["reminder", 2, 2],
      ["day-before-end", 2, null],
      ["still-unused", 2, null],
      ["expires-tomorrow", 1, 1],
    ]);
  });
});

describe("quiet hours", () => {
  it("hold a flow email due inside them until they end, and send it once", async () => {
    const quietStore = (await createStoreFor(ownerId)).id;
    await sendStoreMailTo(sink, quietStore);
    const quietHours = { enabled: true, start: 21, end: 8, timeZone: "UTC" };
    const saved = await admin.put(`/api/stores/${quietStore}/campaign-settings`, { quietHours });
    expect(saved.body).toEqual({ sendRate: 10, quietHours });
    const refused = await admin.put(`/api/stores/${quietStore}/campaign-settings`, {
      quietHours: { ...quietHours, end: 21 },
    });
    expect(refused.status).toBe(422);

    const template = await admin.post<Flow>(`/api/stores/${quietStore}/flows`, {
      template: "welcome-series",
    });
    const email = template.body.steps.find((step) => step.type === "email");
    // Due at 22:00 UTC in one or two days: ahead of the app's own sweeps on the real clock.
    const weekday = (new Date().getUTCDay() + 2) % 7;
    const created = await admin.post<Flow>(`/api/stores/${quietStore}/flows`, {
      name: "Evening note",
      trigger: "subscribed",
      status: "live",
      steps: [{ id: "till-22", type: "wait", wait: { kind: "weekday", weekday, hour: 22 } }, email],
    });
    const address = `night-${Date.now()}@acme.example`;
    const sent = () => subjectsTo(address).filter((subject) => subject?.endsWith("is still waiting"));
    await subscribe(address, quietStore);
    await sweepFlows(new Date());
    const [waiting] = await testDb().select().from(flowRuns).where(eq(flowRuns.flowId, created.body.id));
    const due = waiting?.runAt.getTime() ?? 0;
    expect(new Date(due).getUTCHours()).toBe(22);

    await sweepFlows(new Date(due));
    const [held] = await testDb().select().from(flowRuns).where(eq(flowRuns.flowId, created.body.id));
    expect(held).toMatchObject({ stepId: email?.id, runAt: new Date(due + 10 * HOUR) });
    await sweepFlows(new Date(due + 9 * HOUR));
    expect(sent()).toEqual([]);

    await sweepFlows(new Date(due + 10 * HOUR));
    await eventually(() => sent().length === 1, { what: "the email when quiet hours end" });
    await sweepFlows(new Date(due + 11 * HOUR));
    expect(sent()).toHaveLength(1);
  });
});

describe("an import", () => {
  it("that welcomes its new subscribers lets them into the subscribed flows, however long it took", async () => {
    const created = await admin.post<Flow>(`/api/stores/${storeId}/flows`, { template: "welcome-series" });
    await admin.put(`/api/stores/${storeId}/flows/${created.body.id}`, { status: "live" });
    const [welcomed, quiet] = [`imported-${Date.now()}@acme.example`, `quiet-${Date.now()}@acme.example`];
    const upload = (email: string, query: string) =>
      admin.post(`/api/stores/${storeId}/subscribers/import${query}`, undefined, {
        headers: { "Content-Type": "text/csv" },
        body: new TextEncoder().encode(`email\n${email}\n`),
      });
    expect((await upload(welcomed, "?welcome=true")).status).toBe(200);
    expect((await upload(quiet, "")).status).toBe(200);
    // An import's rows carry its start as their time: a cursor moved past it lets them in all the same.
    await testDb()
      .update(subscribers)
      .set({ subscribedAt: new Date(Date.now() - HOUR) })
      .where(eq(subscribers.email, welcomed));
    await sweepFlows();
    const runs = await testDb()
      .select({ email: subscribers.email })
      .from(flowRuns)
      .innerJoin(subscribers, eq(subscribers.id, flowRuns.subscriberId))
      .where(eq(flowRuns.flowId, created.body.id));
    expect(runs).toEqual([{ email: welcomed }]);
    await admin.delete(`/api/stores/${storeId}/flows/${created.body.id}`);
  });
});

describe("the confirmed trigger", () => {
  it("lets a double opt-in subscriber in once they confirm, not before", async () => {
    const template = await admin.post<Flow>(`/api/stores/${storeId}/flows`, { template: "welcome-series" });
    const email = template.body.steps.find((step) => step.type === "email");
    await admin.delete(`/api/stores/${storeId}/flows/${template.body.id}`);
    const created = await admin.post<Flow>(`/api/stores/${storeId}/flows`, {
      name: "Thanks for confirming",
      trigger: "confirmed",
      status: "live",
      steps: [email],
    });
    expect(created.status).toBe(201);
    const [waiting] = await testDb()
      .insert(subscribers)
      .values({ storeId, email: `doi-${Date.now()}@acme.example`, confirmationRequired: true })
      .returning();
    if (!waiting) throw new Error("no subscriber");
    await sweepFlows();
    const runs = () => testDb().select().from(flowRuns).where(eq(flowRuns.flowId, created.body.id));
    expect(await runs()).toEqual([]);
    await testDb().update(subscribers).set({ confirmedAt: new Date() }).where(eq(subscribers.id, waiting.id));
    await sweepFlows();
    expect((await runs()).map((run) => run.subscriberId)).toEqual([waiting.id]);
    await eventually(() => subjectsTo(waiting.email).length === 1, {
      what: "the confirmed subscriber's email",
    });
  });
});

describe("abandoned checkouts", () => {
  it("start the flow from signed checkout deliveries once left for the delay, and an order completing one stops it", async () => {
    const { domain, store, owner } = await installedShop("Checkout Shop");
    await sendStoreMailTo(sink, store.id);
    const shopAdmin = new HttpClient(app.url);
    await shopAdmin.login(owner.email, owner.password);
    const [leaver, buyer] = await testDb()
      .insert(subscribers)
      .values([
        { storeId: store.id, email: `leaver-${Date.now()}@acme.example`, discountCodeSent: "SAVE-LEAVER" },
        { storeId: store.id, email: `buyer-${Date.now()}@acme.example`, discountCodeSent: "SAVE-BUYER" },
      ])
      .returning();
    if (!leaver || !buyer) throw new Error("no subscribers");
    const created = await shopAdmin.post<Flow>(`/api/stores/${store.id}/flows`, {
      template: "abandoned-checkout",
    });
    expect(created.status).toBe(201);
    const flowId = created.body.id;
    await shopAdmin.put(`/api/stores/${store.id}/flows/${flowId}`, {
      status: "live",
      checkoutDelayMinutes: 60,
    });

    const left = Date.now();
    const checkout = (token: string, email: string, minutesAgo: number) => ({
      id: 981_234,
      token,
      email,
      abandoned_checkout_url: `https://${domain}/checkouts/${token}/recover?key=k-${token}`,
      completed_at: null,
      updated_at: new Date(left - minutesAgo * 60_000).toISOString(),
      line_items: [{ title: "Lamp", price: "99.00" }],
    });
    const leaverToken = `c${Date.now()}a`;
    const buyerToken = `c${Date.now()}b`;
    for (const [topic, token, email, minutesAgo] of [
      ["checkouts/create", leaverToken, null, 5],
      ["checkouts/update", leaverToken, leaver.email, 0],
      ["checkouts/create", buyerToken, buyer.email, 0],
    ] as const)
      expect(
        await deliver(app.url, { topic, shop: domain, payload: checkout(token, email ?? "", minutesAgo) }),
      ).toBe(200);
    await eventually(
      async () => (await testDb().select().from(flowRuns).where(eq(flowRuns.flowId, flowId))).length === 2,
      { what: "a run per subscriber's checkout" },
    );
    expect(
      await deliver(app.url, {
        topic: "orders/create",
        shop: domain,
        payload: {
          id: 77,
          created_at: new Date().toISOString(),
          currency: "EUR",
          total_price: "99.00",
          discount_codes: [],
          checkout_token: buyerToken,
        },
      }),
    ).toBe(200);
    await eventually(
      async () =>
        (
          await testDb()
            .select()
            .from(flowRuns)
            .where(and(eq(flowRuns.flowId, flowId), eq(flowRuns.status, "exited")))
        ).length === 1,
      { what: "the completed checkout's run stopped" },
    );

    // Not before the delay; then once, to the subscriber who left, with the link back to their checkout.
    await sweepFlows(new Date(left + 59 * 60_000));
    expect(subjectsTo(leaver.email)).toEqual([]);
    await sweepFlows(new Date(left + 61 * 60_000));
    await eventually(() => subjectsTo(leaver.email).length === 1, { what: "the cart reminder" });
    expect(subjectsTo(leaver.email)).toEqual(["You left something in your cart"]);
    expect(subjectsTo(buyer.email)).toEqual([]);
    const recovery = encodeURIComponent(`/checkouts/${leaverToken}/recover?key=k-${leaverToken}`);
    const links = await testDb()
      .select({ url: emailClickTracking.originalUrl })
      .from(emailClickTracking)
      .where(and(eq(emailClickTracking.storeId, store.id), isNotNull(emailClickTracking.flowSendId)));
    const html = sink.messages.find((message) => message.envelopeTo.includes(leaver.email))?.html || "";
    expect([html, ...links.map((link) => link.url)].join(" ")).toContain(
      `https://${domain}/discount/SAVE-LEAVER?redirect=${recovery}`,
    );
    const stats = await shopAdmin.get<Stats>(`/api/stores/${store.id}/flows/${flowId}/stats`);
    expect(stats.body).toMatchObject({ entered: 1, sent: 1 });
  });
});
