import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderAttributions, subscribers, webhookEvents } from "~/db/schema";
import { uniqueEmail } from "../support/builders/fixtures";
import { deliver, installedShop, WEBHOOK_APP_ENV } from "../support/builders/webhooks";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";
import { eventually } from "../support/infra/wait";

/**
 * Protected customer data (docs/decisions/025): of an orders/create delivery the app keeps only what revenue
 * attribution needs. Every personal value below is unique to this file, so finding one anywhere in the
 * database or the app's log means the app kept it.
 */
const BUYER = {
  email: "ximena.quaddle@buyer.example",
  firstName: "Ximena",
  lastName: "Quaddlethorpe",
  phone: "+447700900123",
  street: "17 Quaddle Lane",
  city: "Quaddleford",
  zip: "QX1 7QQ",
  ip: "203.0.113.77",
  userAgent: "QuaddleBrowser/9.1",
  product: "Quaddle Lamp",
  note: "Leave it at the quaddle door",
  token: "quaddle-checkout-token-5c1e",
};

const address = {
  first_name: BUYER.firstName,
  last_name: BUYER.lastName,
  name: `${BUYER.firstName} ${BUYER.lastName}`,
  address1: BUYER.street,
  address2: null,
  city: BUYER.city,
  zip: BUYER.zip,
  province: "England",
  country: "United Kingdom",
  country_code: "GB",
  phone: BUYER.phone,
  company: null,
  latitude: 51.5,
  longitude: -0.12,
};

/** An orders/create body as Shopify sends it to an app with protected customer data and every field approved. */
function fullOrderPayload(code: string) {
  return {
    id: 6104829573,
    admin_graphql_api_id: "gid://shopify/Order/6104829573",
    name: "#1042",
    order_number: 1042,
    created_at: "2026-11-20T14:03:07+01:00",
    updated_at: "2026-11-20T14:03:09+01:00",
    processed_at: "2026-11-20T14:03:07+01:00",
    currency: "EUR",
    presentment_currency: "EUR",
    total_price: "84.15",
    subtotal_price: "84.15",
    total_discounts: "14.85",
    total_tax: "14.03",
    financial_status: "paid",
    email: BUYER.email,
    contact_email: BUYER.email,
    phone: BUYER.phone,
    browser_ip: BUYER.ip,
    client_details: { browser_ip: BUYER.ip, user_agent: BUYER.userAgent, accept_language: "en-GB" },
    token: BUYER.token,
    cart_token: BUYER.token,
    checkout_token: BUYER.token,
    note: BUYER.note,
    note_attributes: [{ name: "gift message", value: BUYER.note }],
    landing_site: `/?utm_source=${BUYER.firstName}`,
    referring_site: "https://search.example/",
    buyer_accepts_marketing: true,
    discount_codes: [{ code, amount: "14.85", type: "percentage" }],
    discount_applications: [
      { type: "discount_code", code, value: "15.0", value_type: "percentage", allocation_method: "across" },
    ],
    customer: {
      id: 7301846259,
      email: BUYER.email,
      first_name: BUYER.firstName,
      last_name: BUYER.lastName,
      phone: BUYER.phone,
      state: "enabled",
      verified_email: true,
      default_address: address,
      email_marketing_consent: { state: "subscribed", opt_in_level: "single_opt_in" },
    },
    billing_address: address,
    shipping_address: address,
    line_items: [{ id: 14829301746, title: BUYER.product, quantity: 1, price: "99.00", sku: "QUADDLE-LAMP" }],
    shipping_lines: [{ title: "Standard", price: "0.00" }],
  };
}

let app: AppServer;

beforeAll(async () => {
  // Debug level: every line the app would ever log about the delivery is in its output.
  app = await startApp({ env: { ...WEBHOOK_APP_ENV, LOG_LEVEL: "debug" }, process: true });
});
afterAll(async () => {
  await app?.stop();
});

/** Every public table whose rows, read as text, contain `value` (case-insensitive). */
async function tablesHolding(value: string): Promise<string[]> {
  const tables = await testDb().execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const holding: string[] = [];
  for (const { name } of tables.rows) {
    const found = await testDb().execute<{ found: boolean }>(
      sql`select exists (select 1 from ${sql.identifier(name)} as row where row::text ilike ${`%${value}%`}) as found`,
    );
    if (found.rows[0]?.found) holding.push(name);
  }
  return holding;
}

// The subscription's include_fields (shopify.app.toml) keeps buyer details out of deliveries; should a
// subscription ever come without them, the app still keeps nothing personal.
describe("an orders/create delivery with the whole order", () => {
  it("leaves only the order id, code, total, currency and date in the database, and nothing personal in the log", async () => {
    const { domain, store } = await installedShop();
    const [subscriber] = await testDb()
      .insert(subscribers)
      .values({ storeId: store.id, email: uniqueEmail("popup"), discountCodeSent: "WELCOME15-QDL7K2" })
      .returning();
    if (!subscriber) throw new Error("subscriber was not created");

    expect(
      await deliver(app.url, {
        topic: "orders/create",
        shop: domain,
        payload: fullOrderPayload("welcome15-qdl7k2"),
        whole: true,
      }),
    ).toBe(200);

    const attributed = await eventually(
      async () => {
        const rows = await testDb()
          .select()
          .from(orderAttributions)
          .where(eq(orderAttributions.storeId, store.id));
        return rows.length > 0 && rows;
      },
      { what: "the order's attribution" },
    );
    expect(attributed).toEqual([
      {
        storeId: store.id,
        orderId: "gid://shopify/Order/6104829573",
        popupId: null,
        variantId: null,
        subscriberId: subscriber.id,
        code: "WELCOME15-QDL7K2",
        total: "84.15",
        currency: "EUR",
        orderedAt: new Date("2026-11-20T13:03:07Z"),
        createdAt: expect.any(Date),
      },
    ]);
    await eventually(
      async () =>
        (await testDb().select().from(subscribers).where(eq(subscribers.id, subscriber.id)))[0]
          ?.discountCodeUsed,
      { what: "the code marked used" },
    );
    const [event] = await testDb().select().from(webhookEvents).where(eq(webhookEvents.shop, domain));
    expect(Object.keys(event ?? {}).sort()).toEqual(["eventId", "receivedAt", "shop", "topic", "webhookId"]);

    for (const value of Object.values(BUYER)) {
      expect({ value, tables: await tablesHolding(value) }).toEqual({ value, tables: [] });
    }
    const log = app.output();
    expect(log).toContain('"msg":"webhook received"');
    for (const value of [...Object.values(BUYER), "7301846259", "14829301746"]) {
      expect({ value, inLog: log.toLowerCase().includes(value.toLowerCase()) }).toEqual({
        value,
        inLog: false,
      });
    }
  });
});
