import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  campaignSends,
  campaigns,
  emailClickTracking,
  emailSends,
  orderAttributions,
  organizations,
  shopifySessions,
  stores,
  subscribers,
  users,
  webhookEvents,
} from "~/db/schema";
import { defaultCampaignContent } from "~/lib/schemas/campaign-content";
import { encryptSecret } from "~/server/crypto.server";
import { uniqueEmail } from "../support/builders/fixtures";
import {
  deliver,
  installedShop,
  signWebhook,
  WEBHOOK_APP_ENV,
  webhookRequest,
} from "../support/builders/webhooks";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { recipients, waitForOutboxMessage } from "../support/infra/outbox";
import { eventually } from "../support/infra/wait";

let app: AppServer;

beforeAll(async () => {
  app = await startApp({ env: WEBHOOK_APP_ENV });
});
afterAll(async () => {
  await app?.stop();
});

async function addSubscriber(storeId: string, values: Partial<typeof subscribers.$inferInsert> = {}) {
  const [row] = await testDb()
    .insert(subscribers)
    .values({ storeId, email: uniqueEmail("buyer"), ...values })
    .returning();
  if (!row) throw new Error("subscriber was not created");
  return row;
}

async function subscriber(id: string) {
  const [row] = await testDb().select().from(subscribers).where(eq(subscribers.id, id));
  return row;
}

/** A subscriber with a sent welcome email and a tracked link in it: everything keyed to them. */
async function subscriberWithHistory(storeId: string, email = uniqueEmail("history")) {
  const row = await addSubscriber(storeId, {
    email,
    discountCodeSent: `WELCOME15-${randomUUID().slice(0, 6)}`,
  });
  const [send] = await testDb()
    .insert(emailSends)
    .values({ storeId, subscriberId: row.id, kind: "welcome", status: "sent", sentAt: new Date() })
    .returning();
  await testDb().insert(emailClickTracking).values({
    storeId,
    subscriberEmail: email,
    sendId: send?.id,
    trackingId: randomUUID(),
    originalUrl: "https://shop.example.com/collections/all",
  });
  return row;
}

/** An order placed with the subscriber's unique code, as orders/create records it. */
async function attributeOrderTo(row: typeof subscribers.$inferSelect, orderId: string, total: string) {
  const [order] = await testDb()
    .insert(orderAttributions)
    .values({
      storeId: row.storeId,
      orderId,
      subscriberId: row.id,
      code: row.discountCodeSent ?? "",
      total,
      currency: "EUR",
      orderedAt: new Date("2026-03-04T10:00:00Z"),
    })
    .returning();
  if (!order) throw new Error("order was not attributed");
  return order;
}

async function countRows(table: "subscribers" | "email_sends" | "email_click_tracking", storeId: string) {
  const rows = await testDb().execute<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(table)} where store_id = ${storeId}`,
  );
  return rows.rows[0]?.count ?? 0;
}

describe("webhook signatures", () => {
  it("accepts a delivery signed with the app's secret and refuses a wrong or tampered signature with 401", async () => {
    const { domain } = await installedShop();
    const payload = { id: 1, discount_codes: [{ code: "SUMMER5" }] };
    expect(await deliver(app.url, { topic: "orders/create", shop: domain, payload })).toBe(200);

    const wrongSecret = signWebhook(JSON.stringify(payload), "another-app-secret");
    const wrongEvent = randomUUID();
    expect(
      await deliver(app.url, {
        topic: "orders/create",
        shop: domain,
        payload,
        hmac: wrongSecret,
        eventId: wrongEvent,
      }),
    ).toBe(401);

    // A genuine signature replayed over a different body.
    const tamperedEvent = randomUUID();
    const genuine = signWebhook(JSON.stringify(payload));
    expect(
      await deliver(app.url, {
        topic: "orders/create",
        shop: domain,
        payload: { ...payload, discount_codes: [{ code: "FREE" }] },
        hmac: genuine,
        eventId: tamperedEvent,
      }),
    ).toBe(401);

    const refused = await testDb()
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.eventId} in (${wrongEvent}, ${tamperedEvent})`);
    expect(refused).toEqual([]);
  });

  it("answers 400 to a correctly signed delivery whose body is not JSON, and records nothing", async () => {
    const { domain } = await installedShop();
    const body = '{"id": 1,';
    const topics = [
      "app/uninstalled",
      "app/scopes_update",
      "orders/create",
      "customers/data_request",
      "customers/redact",
      "shop/redact",
    ];
    for (const topic of topics) {
      const eventId = randomUUID();
      const { headers } = webhookRequest({
        topic,
        shop: domain,
        payload: null,
        eventId,
        hmac: signWebhook(body),
      });
      const response = await fetch(new URL(`/webhooks/${topic}`, app.url), { method: "POST", headers, body });
      expect({ topic, status: response.status }).toEqual({ topic, status: 400 });
      expect(await testDb().select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId))).toEqual(
        [],
      );
    }
  });

  it("needs no browser Origin: Shopify's server-to-server POST passes the cross-site check", async () => {
    const { domain } = await installedShop();
    const { body, headers } = webhookRequest({
      topic: "app/scopes_update",
      shop: domain,
      payload: { current: [] },
    });
    const response = await fetch(new URL("/webhooks/app/scopes_update", app.url), {
      method: "POST",
      headers,
      body,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a browser's cross-site POST to a webhook URL, signature or not", async () => {
    const { domain } = await installedShop();
    const { body, headers } = webhookRequest({
      topic: "app/uninstalled",
      shop: domain,
      payload: { id: 1, myshopify_domain: domain },
    });
    const response = await fetch(new URL("/webhooks/app/uninstalled", app.url), {
      method: "POST",
      headers: { ...headers, Origin: "https://attacker.example" },
      body,
    });
    expect(response.status).toBe(403);
    const [store] = await testDb().select().from(stores).where(eq(stores.shopifyDomain, domain));
    expect(store?.isConnected).toBe(true);
  });
});

describe("orders/create", () => {
  it("marks the subscriber whose unique code the order used, and nobody else", async () => {
    const { domain, store } = await installedShop();
    const other = await installedShop("Other Shop");
    const buyer = await addSubscriber(store.id, { discountCodeSent: "WELCOME15-ABC234" });
    const bystander = await addSubscriber(store.id, { discountCodeSent: "WELCOME15-XYZ789" });
    const sharedCode = await addSubscriber(store.id, { discountCodeSent: "WELCOME15" });
    const sameCodeElsewhere = await addSubscriber(other.store.id, { discountCodeSent: "WELCOME15-ABC234" });

    const payload = { id: 4501, discount_codes: [{ code: "welcome15-abc234" }, { code: "WELCOME15" }] };
    expect(await deliver(app.url, { topic: "orders/create", shop: domain, payload })).toBe(200);

    await eventually(async () => (await subscriber(buyer.id))?.discountCodeUsed, {
      what: "code marked used",
    });
    expect((await subscriber(bystander.id))?.discountCodeUsed).toBe(false);
    expect((await subscriber(sharedCode.id))?.discountCodeUsed).toBe(false);
    expect((await subscriber(sameCodeElsewhere.id))?.discountCodeUsed).toBe(false);
  });

  it("processes an event once: a replayed delivery with the same event id is answered 200 and skipped", async () => {
    const { domain, store } = await installedShop();
    const first = await addSubscriber(store.id, { discountCodeSent: "WELCOME15-REPLAY" });
    const later = await addSubscriber(store.id, { discountCodeSent: "WELCOME15-LATER2" });
    const replayed = webhookRequest({
      topic: "orders/create",
      shop: domain,
      payload: { id: 1, discount_codes: [{ code: "WELCOME15-REPLAY" }] },
    });
    const send = () =>
      fetch(new URL("/webhooks/orders/create", app.url), {
        method: "POST",
        headers: replayed.headers,
        body: replayed.body,
      });

    expect((await send()).status).toBe(200);
    await eventually(async () => (await subscriber(first.id))?.discountCodeUsed, { what: "first delivery" });

    // Undo the effect: were the replay processed again, it would mark the code once more.
    await testDb().update(subscribers).set({ discountCodeUsed: false }).where(eq(subscribers.id, first.id));
    expect((await send()).status).toBe(200);
    // A duplicate event id with another webhook id (Shopify's own redelivery) is skipped as well.
    const eventId = replayed.headers["X-Shopify-Event-Id"];
    expect(
      await deliver(app.url, {
        topic: "orders/create",
        shop: domain,
        eventId,
        payload: { id: 1, discount_codes: [{ code: "WELCOME15-REPLAY" }] },
      }),
    ).toBe(200);
    // A new event afterwards is processed; by then a queued duplicate would have run too.
    await deliver(app.url, {
      topic: "orders/create",
      shop: domain,
      payload: { id: 2, discount_codes: [{ code: "WELCOME15-LATER2" }] },
    });
    await eventually(async () => (await subscriber(later.id))?.discountCodeUsed, { what: "later event" });

    expect((await subscriber(first.id))?.discountCodeUsed).toBe(false);
    const recorded = await testDb()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, eventId ?? ""));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ topic: "ORDERS_CREATE", shop: domain });
  });
});

describe("the shop and the delivery a webhook is taken for", () => {
  it("refuses with 401 a signed body that names another shop than the header, and changes nothing", async () => {
    const victim = await installedShop("Victim Shop");
    const sender = await installedShop("Sender Shop");
    const email = uniqueEmail("kept");
    const kept = await subscriberWithHistory(victim.store.id, email);
    const redact = {
      shop_id: 2,
      shop_domain: sender.domain,
      customer: { id: 7, email, phone: null },
      orders_to_redact: [],
    };
    const refusedEvents = [randomUUID(), randomUUID()];
    // The sender shop's genuine bodies, relabelled with the victim's domain in the unsigned header.
    expect(
      await deliver(app.url, {
        topic: "customers/redact",
        shop: victim.domain,
        payload: redact,
        eventId: refusedEvents[0],
      }),
    ).toBe(401);
    expect(
      await deliver(app.url, {
        topic: "app/uninstalled",
        shop: victim.domain,
        payload: { id: 2, myshopify_domain: sender.domain },
        eventId: refusedEvents[1],
      }),
    ).toBe(401);

    // The same bodies under their own shop's header are taken; once they are done, a refused one would be too.
    expect(await deliver(app.url, { topic: "customers/redact", shop: sender.domain, payload: redact })).toBe(
      200,
    );
    const uninstall = { id: 2, myshopify_domain: sender.domain };
    expect(
      await deliver(app.url, { topic: "app/uninstalled", shop: sender.domain, payload: uninstall }),
    ).toBe(200);
    await eventually(
      async () => {
        const [row] = await testDb().select().from(stores).where(eq(stores.id, sender.store.id));
        return row?.isConnected === false;
      },
      { what: "sender shop disconnected" },
    );
    expect(await subscriber(kept.id)).toBeDefined();
    const [victimStore] = await testDb().select().from(stores).where(eq(stores.id, victim.store.id));
    expect(victimStore).toMatchObject({ isConnected: true, shopifyDomain: victim.domain });
    const recorded = await testDb()
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.eventId} in (${refusedEvents[0]}, ${refusedEvents[1]})`);
    expect(recorded).toEqual([]);
  });

  it("processes a delivery once even when it is replayed under a fresh event id", async () => {
    const { domain, store } = await installedShop();
    const buyer = await addSubscriber(store.id, { discountCodeSent: "WELCOME15-WEBHID" });
    const later = await addSubscriber(store.id, { discountCodeSent: "WELCOME15-AFTER3" });
    const webhookId = randomUUID();
    const order = { topic: "orders/create", shop: domain, webhookId };
    const payload = { id: 3, discount_codes: [{ code: "WELCOME15-WEBHID" }] };
    expect(await deliver(app.url, { ...order, payload })).toBe(200);
    await eventually(async () => (await subscriber(buyer.id))?.discountCodeUsed, { what: "first delivery" });

    await testDb().update(subscribers).set({ discountCodeUsed: false }).where(eq(subscribers.id, buyer.id));
    expect(await deliver(app.url, { ...order, payload, eventId: randomUUID() })).toBe(200);
    const next = { id: 4, discount_codes: [{ code: "WELCOME15-AFTER3" }] };
    expect(await deliver(app.url, { topic: "orders/create", shop: domain, payload: next })).toBe(200);
    await eventually(async () => (await subscriber(later.id))?.discountCodeUsed, { what: "later event" });

    expect((await subscriber(buyer.id))?.discountCodeUsed).toBe(false);
    const recorded = await testDb()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.webhookId, webhookId));
    expect(recorded).toHaveLength(1);
  });

  it("refuses with 400 a compliance or uninstall body that does not name its shop", async () => {
    const { domain, store } = await installedShop();
    const customer = { id: 8, email: uniqueEmail("unnamed"), phone: null };
    expect(await deliver(app.url, { topic: "customers/redact", shop: domain, payload: { customer } })).toBe(
      400,
    );
    expect(await deliver(app.url, { topic: "shop/redact", shop: domain, payload: { shop_id: 1 } })).toBe(400);
    expect(await deliver(app.url, { topic: "app/uninstalled", shop: domain, payload: { id: 1 } })).toBe(400);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.isConnected).toBe(true);
  });
});

describe("app/uninstalled and app/scopes_update", () => {
  it("disconnects the store, removes its token and sessions, keeps its data, and tolerates a repeat", async () => {
    const { domain, store } = await installedShop();
    const other = await installedShop("Still Installed");
    const kept = await addSubscriber(store.id);

    const uninstall = () =>
      deliver(app.url, {
        topic: "app/uninstalled",
        shop: domain,
        payload: { id: 1, myshopify_domain: domain },
      });

    expect(await uninstall()).toBe(200);
    // Done before the answer, not in a queued job: nothing is left to run after a quick reinstall.
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row).toMatchObject({ isConnected: false, shopifyAccessToken: null, shopifyDomain: domain });
    expect(await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, domain))).toEqual([]);
    expect(await subscriber(kept.id)).toBeDefined();

    // Shopify may send it again (a new event): still 200, still disconnected.
    expect(await uninstall()).toBe(200);
    const [otherStore] = await testDb().select().from(stores).where(eq(stores.id, other.store.id));
    expect(otherStore?.isConnected).toBe(true);
    expect(
      await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, other.domain)),
    ).toHaveLength(1);
  });

  it("disconnects a shop whose expired token can no longer be refreshed (it was uninstalled)", async () => {
    const { domain, store } = await installedShop("Idle Shop", { expiredToken: true });
    const forged = {
      topic: "app/uninstalled",
      shop: domain,
      payload: { id: 1, myshopify_domain: domain },
      hmac: signWebhook("{}"),
    };
    expect(await deliver(app.url, forged)).toBe(401);
    expect(
      await deliver(app.url, {
        topic: "app/uninstalled",
        shop: domain,
        payload: { id: 1, myshopify_domain: domain },
      }),
    ).toBe(200);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.isConnected).toBe(false);
    expect(await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, domain))).toEqual([]);
  });

  it("leaves a reinstall made right after the uninstall as it is", async () => {
    const { domain, store } = await installedShop();
    const eventId = randomUUID();
    const uninstall = {
      topic: "app/uninstalled",
      shop: domain,
      payload: { id: 1, myshopify_domain: domain },
    };
    expect(await deliver(app.url, { ...uninstall, eventId })).toBe(200);
    // The merchant installs again: a new offline session, the store connected.
    await testDb()
      .insert(shopifySessions)
      .values({
        id: `offline_${domain}`,
        shop: domain,
        state: "",
        isOnline: false,
        scope: "write_discounts",
        accessToken: encryptSecret("shpat_reinstalled"),
      });
    await testDb().update(stores).set({ isConnected: true }).where(eq(stores.id, store.id));
    // Shopify retries the same event (it missed our answer): acknowledged, and nothing undone.
    expect(await deliver(app.url, { ...uninstall, eventId })).toBe(200);

    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.isConnected).toBe(true);
    expect(
      await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, domain)),
    ).toHaveLength(1);
  });

  it("refuses with 400 a signed delivery that lacks Shopify's headers, whatever state the shop's token is in", async () => {
    const { domain, store } = await installedShop("Idle Shop", { expiredToken: true });
    const { body, headers } = webhookRequest({
      topic: "app/uninstalled",
      shop: domain,
      payload: { id: 1, myshopify_domain: domain },
    });
    const { "X-Shopify-Webhook-Id": _dropped, ...withoutWebhookId } = headers;
    const response = await fetch(new URL("/webhooks/app/uninstalled", app.url), {
      method: "POST",
      headers: withoutWebhookId,
      body,
    });
    expect(response.status).toBe(400);
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.isConnected).toBe(true);
  });

  it("turns consent sync off when the merchant takes customer access back, and only then", async () => {
    const { domain, store } = await installedShop();
    await testDb().update(stores).set({ consentSyncEnabled: true }).where(eq(stores.id, store.id));
    const update = (current: string[]) => ({
      topic: "app/scopes_update",
      shop: domain,
      payload: { id: 1, previous: [], current, updated_at: new Date().toISOString() },
    });
    const syncOn = async () =>
      (await testDb().select().from(stores).where(eq(stores.id, store.id)))[0]?.consentSyncEnabled;

    expect(await deliver(app.url, update(["read_orders", "write_discounts", "write_customers"]))).toBe(200);
    await eventually(
      async () =>
        (
          await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, domain))
        )[0]?.scope?.includes("write_customers"),
      { what: "scopes recorded" },
    );
    expect(await syncOn()).toBe(true);

    expect(await deliver(app.url, update(["read_orders", "write_discounts"]))).toBe(200);
    await eventually(async () => (await syncOn()) === false, { what: "consent sync turned off" });
  });

  it("records the scopes the merchant now grants on the shop's sessions", async () => {
    const { domain } = await installedShop();
    const current = ["read_customers", "read_discounts", "write_discounts"];
    const payload = { id: 1, previous: ["read_discounts"], current, updated_at: new Date().toISOString() };
    expect(await deliver(app.url, { topic: "app/scopes_update", shop: domain, payload })).toBe(200);
    await eventually(
      async () => {
        const [session] = await testDb()
          .select()
          .from(shopifySessions)
          .where(eq(shopifySessions.shop, domain));
        return session?.scope === current.join(",");
      },
      { what: "scope recorded" },
    );
  });
});

describe("compliance webhooks", () => {
  it("customers/redact erases that customer in that shop's store only", async () => {
    const { domain, store } = await installedShop();
    const other = await installedShop("Other Shop");
    const email = uniqueEmail("redact-me");
    const target = await subscriberWithHistory(store.id, email);
    const byCustomerId = await subscriberWithHistory(store.id);
    await testDb()
      .update(subscribers)
      .set({ shopifyCustomerId: "gid://shopify/Customer/99" })
      .where(eq(subscribers.id, byCustomerId.id));
    const neighbour = await subscriberWithHistory(store.id);
    const sameEmailElsewhere = await subscriberWithHistory(other.store.id, email);
    const order = await attributeOrderTo(target, `gid://shopify/Order/${randomUUID()}`, "80.00");
    // Placed with the popup's shared code: no subscriber row leads to it, only Shopify's list of their orders.
    const sharedCodeOrder = await attributeOrderTo(neighbour, "gid://shopify/Order/5501", "12.00");
    await testDb()
      .update(orderAttributions)
      .set({ subscriberId: null, code: "WELCOME15" })
      .where(eq(orderAttributions.orderId, sharedCodeOrder.orderId));
    const neighbourOrder = await attributeOrderTo(neighbour, "gid://shopify/Order/5502", "30.00");

    const payload = {
      shop_id: 1,
      shop_domain: domain,
      customer: { id: 99, email: email.toUpperCase(), phone: null },
      orders_to_redact: [5501],
    };
    expect(await deliver(app.url, { topic: "customers/redact", shop: domain, payload })).toBe(200);
    await eventually(async () => (await subscriber(target.id)) === undefined, { what: "subscriber erased" });

    expect(await subscriber(byCustomerId.id)).toBeUndefined();
    expect(await countRows("subscribers", store.id)).toBe(1);
    expect(await countRows("email_sends", store.id)).toBe(1);
    expect(await countRows("email_click_tracking", store.id)).toBe(1);
    expect(await subscriber(neighbour.id)).toBeDefined();
    const clicks = await testDb()
      .select({ email: emailClickTracking.subscriberEmail })
      .from(emailClickTracking)
      .where(eq(emailClickTracking.storeId, store.id));
    expect(clicks).toEqual([{ email: neighbour.email }]);
    expect(await subscriber(sameEmailElsewhere.id)).toBeDefined();
    expect(await countRows("email_sends", other.store.id)).toBe(1);
    expect(await countRows("email_click_tracking", other.store.id)).toBe(1);

    // The order still counts for the store's revenue, but nothing left in the store leads from it to the person:
    // no subscriber, no email and no click names its code or its order.
    // Both orders keep counting under an id of the app's own; the neighbour's order is untouched.
    const kept = await testDb()
      .select()
      .from(orderAttributions)
      .where(eq(orderAttributions.storeId, store.id))
      .orderBy(orderAttributions.total);
    expect(kept).toEqual([
      expect.objectContaining({
        orderId: expect.stringMatching(/^redacted:/),
        subscriberId: null,
        total: "12.00",
      }),
      expect.objectContaining({
        orderId: neighbourOrder.orderId,
        subscriberId: neighbour.id,
        total: "30.00",
      }),
      expect.objectContaining({
        orderId: expect.stringMatching(/^redacted:/),
        subscriberId: null,
        total: "80.00",
      }),
    ]);
    expect(kept.map((row) => row.orderId)).not.toContain(order.orderId);
    const links = await testDb().execute<{ count: number }>(sql`
      select (select count(*) from subscribers where upper(discount_code_sent) = upper(${order.code}))
           + (select count(*) from email_sends where subscriber_id = ${target.id})
           + (select count(*) from email_click_tracking where lower(subscriber_email) = lower(${email})
                                                         and store_id = ${store.id}) as count`);
    expect(Number(links.rows[0]?.count)).toBe(0);
  });

  it("shop/redact erases the shop's store, its data and its organization, and nothing else", async () => {
    const { domain, store, owner } = await installedShop();
    const other = await installedShop("Other Shop");
    await subscriberWithHistory(store.id);
    const otherSubscriber = await subscriberWithHistory(other.store.id);

    const payload = { shop_id: 1, shop_domain: domain };
    expect(await deliver(app.url, { topic: "shop/redact", shop: domain, payload })).toBe(200);
    await eventually(
      async () => (await testDb().select().from(stores).where(eq(stores.id, store.id))).length === 0,
      { what: "store erased" },
    );
    expect(await countRows("subscribers", store.id)).toBe(0);
    expect(await countRows("email_sends", store.id)).toBe(0);
    expect(await countRows("email_click_tracking", store.id)).toBe(0);
    expect(
      await testDb().select().from(organizations).where(eq(organizations.id, owner.organization.id)),
    ).toEqual([]);
    expect(await testDb().select().from(users).where(eq(users.id, owner.admin.id))).toEqual([]);
    expect(await testDb().select().from(shopifySessions).where(eq(shopifySessions.shop, domain))).toEqual([]);

    expect(await subscriber(otherSubscriber.id)).toBeDefined();
    expect(await countRows("email_sends", other.store.id)).toBe(1);
    expect(
      await testDb().select().from(organizations).where(eq(organizations.id, other.owner.organization.id)),
    ).toHaveLength(1);
  });

  it("customers/data_request mails the customer's data to the store's administrators", async () => {
    const { domain, store, owner } = await installedShop();
    const email = uniqueEmail("access-request");
    const row = await subscriberWithHistory(store.id, email);
    const first = await attributeOrderTo(row, `gid://shopify/Order/${randomUUID()}`, "42.50");
    const second = await attributeOrderTo(row, `gid://shopify/Order/${randomUUID()}`, "19.90");
    const [campaign] = await testDb()
      .insert(campaigns)
      .values({
        storeId: store.id,
        name: "Spring sale",
        slug: "spring-sale",
        subject: "Spring",
        content: defaultCampaignContent,
      })
      .returning();
    await testDb()
      .insert(campaignSends)
      .values({
        campaignId: campaign?.id ?? "",
        storeId: store.id,
        subscriberId: row.id,
        status: "sent",
        sentAt: new Date(),
      });
    // An order of theirs placed with the popup's shared code: only Shopify's list of their orders leads to it.
    const sharedCodeOrder = await attributeOrderTo(row, "gid://shopify/Order/7701", "64.00");
    await testDb()
      .update(orderAttributions)
      .set({ subscriberId: null, code: "WELCOME15" })
      .where(eq(orderAttributions.orderId, sharedCodeOrder.orderId));
    const payload = {
      shop_id: 1,
      shop_domain: domain,
      orders_requested: [7701],
      customer: { id: 123, email, phone: null },
      data_request: { id: 9999 },
    };
    expect(await deliver(app.url, { topic: "customers/data_request", shop: domain, payload })).toBe(200);

    const message = await waitForOutboxMessage(
      (candidate) => candidate.subject === `Customer data request for ${domain}: ${email}`,
    );
    expect(recipients(message)).toEqual([owner.email]);
    expect(message.text).toContain("holds 1 subscriber record");
    expect(message.text).toContain("with 2 orders placed with their discount code");
    expect(message.text).toContain(`"email": "${email}"`);
    expect(message.text).toContain('"kind": "welcome"');
    expect(message.text).toContain('"campaign": "Spring sale"');
    expect(message.text).toContain("https://shop.example.com/collections/all");
    for (const order of [first, second]) {
      expect(message.text).toContain(`"orderId": "${order.orderId}"`);
      expect(message.text).toContain(`"code": "${order.code}"`);
      expect(message.text).toContain(`"total": "${order.total}"`);
    }
    expect(message.text).toContain('"currency": "EUR"');
    expect(message.text).toContain('"orderedAt": "2026-03-04T10:00:00.000Z"');
    expect(message.text).toContain(
      `Of the orders Shopify named for ${email}, Newsletter Popup holds 1 placed with a popup's discount code:`,
    );
    expect(message.text).toContain('"orderId": "gid://shopify/Order/7701"');
    expect(message.text).toContain('"code": "WELCOME15"');
  });
});
