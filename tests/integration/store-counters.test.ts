/**
 * store_counters (kept by triggers on subscribers) must always equal a count over the subscribers: the
 * dashboard and the store list read them instead of counting a million rows.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeCounters, subscribers } from "~/db/schema";
import { subscriberToken } from "~/services/email/links.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin } from "../support/builders/fixtures";
import { HttpClient } from "../support/clients/http";
import { type AppServer, startApp } from "../support/infra/app-server";
import { testDb } from "../support/infra/db";

type Figures = { subscribers: number; active: number; couponsUsed: number };
/** Subscribers by whether mail reaches them, the states the dashboard shows apart. */
type States = { mailable: number; unconfirmed: number; suppressed: number };

let app: AppServer;
let admin: HttpClient;
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  app = await startApp({ env: { SUBSCRIBE_LIMIT_PER_IP: "100000", SUBSCRIBE_LIMIT_PER_STORE: "100000" } });
  admin = new HttpClient(app.url);
  await admin.login(owner.email, owner.password);
});
afterAll(async () => {
  await app?.stop();
});

async function counted(storeId: string): Promise<Figures & States> {
  const [row] = await testDb()
    .select({
      subscribers: sql<number>`coalesce(sum(${storeCounters.subscribers}), 0)`.mapWith(Number),
      active: sql<number>`coalesce(sum(${storeCounters.activeSubscribers}), 0)`.mapWith(Number),
      couponsUsed: sql<number>`coalesce(sum(${storeCounters.couponsUsed}), 0)`.mapWith(Number),
      mailable: sql<number>`coalesce(sum(${storeCounters.mailableSubscribers}), 0)`.mapWith(Number),
      unconfirmed: sql<number>`coalesce(sum(${storeCounters.unconfirmedSubscribers}), 0)`.mapWith(Number),
      suppressed: sql<number>`coalesce(sum(${storeCounters.suppressedSubscribers}), 0)`.mapWith(Number),
    })
    .from(storeCounters)
    .where(eq(storeCounters.storeId, storeId));
  if (!row) throw new Error("no sum");
  return row;
}

/** Counted over the rows; the states as a campaign's audience has them (campaigns/audience.server.ts). */
async function recounted(storeId: string): Promise<Figures & States> {
  const reachable = sql`${subscribers.isActive} and ${subscribers.unsubscribedAt} is null and ${subscribers.suppression} is null`;
  const awaiting = sql`${subscribers.confirmationRequired} and ${subscribers.confirmedAt} is null`;
  const [row] = await testDb()
    .select({
      subscribers: sql<number>`count(*)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${subscribers.isActive})`.mapWith(Number),
      couponsUsed: sql<number>`count(*) filter (where ${subscribers.discountCodeUsed})`.mapWith(Number),
      mailable: sql<number>`count(*) filter (where ${reachable} and not (${awaiting}))`.mapWith(Number),
      unconfirmed: sql<number>`count(*) filter (where ${reachable} and ${awaiting})`.mapWith(Number),
      suppressed: sql<number>`count(*) filter (where ${subscribers.suppression} is not null)`.mapWith(Number),
    })
    .from(subscribers)
    .where(eq(subscribers.storeId, storeId));
  if (!row) throw new Error("no count");
  return row;
}

/** The counters hold `expected`, and so does a count over the rows, which they agree with in every state. */
async function expectFigures(storeId: string, expected: Figures & Partial<States>) {
  const rows = await recounted(storeId);
  expect(rows).toMatchObject(expected);
  expect(await counted(storeId)).toEqual(rows);
}

function subscribe(storeId: string, email: string) {
  return fetch(`${app.url}/api/public/stores/${storeId}/subscribe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "https://shop.example.com" },
    body: JSON.stringify({ email, name: "Counted" }),
  });
}

async function subscriberId(email: string): Promise<string> {
  const [row] = await testDb()
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(eq(subscribers.email, email));
  if (!row) throw new Error(`no subscriber ${email}`);
  return row.id;
}

async function newStore(name: string): Promise<string> {
  return (await createStoreFor(owner.admin.id, { name })).id;
}

describe("store counters", () => {
  it("start at zero for a new store and count subscribes, once per address", async () => {
    const storeId = await newStore("Counted subscribes");
    await expectFigures(storeId, { subscribers: 0, active: 0, couponsUsed: 0 });
    for (const email of ["one@acme.example", "two@acme.example", "ONE@acme.example"]) {
      expect((await subscribe(storeId, email)).status).toBe(200);
    }
    await expectFigures(storeId, { subscribers: 2, active: 2, couponsUsed: 0 });
  });

  it("count a bulk insert of many rows in one statement", async () => {
    const storeId = await newStore("Bulk insert");
    await testDb()
      .insert(subscribers)
      .values(
        Array.from({ length: 500 }, (_, index) => ({
          storeId,
          email: `bulk${index}@acme.example`,
          isActive: index % 5 !== 0,
          discountCodeSent: "WELCOME15",
          discountCodeUsed: index % 10 === 0,
        })),
      );
    await expectFigures(storeId, { subscribers: 500, active: 400, couponsUsed: 50 });
  });

  it("follow an unsubscribe (once, however often the link is used) and a used coupon", async () => {
    const storeId = await newStore("Unsubscribes and coupons");
    for (const email of ["stay@acme.example", "leave@acme.example", "buyer@acme.example"]) {
      expect((await subscribe(storeId, email)).status).toBe(200);
    }
    const leaver = await subscriberId("leave@acme.example");
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await fetch(`${app.url}/u/${subscriberToken("unsubscribe", leaver)}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(200);
    }
    await expectFigures(storeId, { subscribers: 3, active: 2, couponsUsed: 0 });

    await testDb()
      .update(subscribers)
      .set({ discountCodeSent: "BUYER-1", discountCodeUsed: true })
      .where(eq(subscribers.email, "buyer@acme.example"));
    await expectFigures(storeId, { subscribers: 3, active: 2, couponsUsed: 1 });

    // A change of an uncounted column writes no counter.
    await testDb().update(subscribers).set({ city: "Oslo" }).where(eq(subscribers.storeId, storeId));
    await expectFigures(storeId, { subscribers: 3, active: 2, couponsUsed: 1 });
  });

  it("drop a deleted subscriber, and show in the store list and the dashboard", async () => {
    const storeId = await newStore("Deletes");
    for (const email of ["keep@acme.example", "drop@acme.example"]) {
      expect((await subscribe(storeId, email)).status).toBe(200);
    }
    await testDb()
      .update(subscribers)
      .set({ discountCodeSent: "DROP-1", discountCodeUsed: true })
      .where(eq(subscribers.email, "drop@acme.example"));
    const deleted = await admin.request(
      "DELETE",
      `/api/stores/${storeId}/subscribers/${await subscriberId("drop@acme.example")}`,
    );
    expect(deleted.status).toBeLessThan(300);
    await expectFigures(storeId, { subscribers: 1, active: 1, couponsUsed: 0 });

    const stores = await admin.get<{ id: string; subscriberCount: number }[]>("/api/stores");
    expect(stores.body.find((store) => store.id === storeId)?.subscriberCount).toBe(1);
    const stats = await admin.get<{ totalSubscribers: number; couponsUsed: number }>(
      `/api/dashboard/stats?storeId=${storeId}`,
    );
    expect(stats.body).toMatchObject({ totalSubscribers: 1, couponsUsed: 0 });
  });

  it("go with a deleted store and leave the other stores' counters alone", async () => {
    const doomed = await newStore("Doomed");
    const kept = await newStore("Kept");
    for (const storeId of [doomed, kept]) {
      for (const email of ["a@acme.example", "b@acme.example"]) {
        expect((await subscribe(storeId, email)).status).toBe(200);
      }
    }
    const response = await admin.request("DELETE", `/api/stores/${doomed}`);
    expect(response.status).toBeLessThan(300);
    expect(await testDb().select().from(storeCounters).where(eq(storeCounters.storeId, doomed))).toEqual([]);
    await expectFigures(kept, { subscribers: 2, active: 2, couponsUsed: 0 });
  });

  it("split the subscribers as a campaign reaches them: mailable, unconfirmed, suppressed, through every change", async () => {
    const storeId = await newStore("Mailing states");
    await testDb()
      .insert(subscribers)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          storeId,
          email: `state${index}@acme.example`,
          confirmationRequired: index < 4,
        })),
      );
    await expectFigures(storeId, {
      subscribers: 12,
      active: 12,
      couponsUsed: 0,
      mailable: 8,
      unconfirmed: 4,
      suppressed: 0,
    });

    const email = (index: number) => `state${index}@acme.example`;
    const set = (index: number, change: Partial<typeof subscribers.$inferInsert>) =>
      testDb()
        .update(subscribers)
        .set(change)
        .where(eq(subscribers.email, email(index)));
    await set(0, { confirmedAt: new Date() });
    await set(4, { suppression: "bounced", suppressedAt: new Date() });
    await set(5, { isActive: false, unsubscribedAt: new Date() });
    await set(1, { suppression: "complained", isActive: false, unsubscribedAt: new Date() });
    await expectFigures(storeId, {
      subscribers: 12,
      active: 10,
      couponsUsed: 0,
      mailable: 7,
      unconfirmed: 2,
      suppressed: 2,
    });

    await testDb()
      .delete(subscribers)
      .where(eq(subscribers.email, email(4)));
    await expectFigures(storeId, {
      subscribers: 11,
      active: 9,
      couponsUsed: 0,
      mailable: 7,
      unconfirmed: 2,
      suppressed: 1,
    });
  });

  it("stay exact under 200 concurrent subscribes, duplicates included", async () => {
    const storeId = await newStore("Concurrent");
    const emails = Array.from({ length: 200 }, (_, index) => `racer${index % 150}@acme.example`);
    const statuses = await Promise.all(emails.map(async (email) => (await subscribe(storeId, email)).status));
    expect(statuses.every((status) => status === 200)).toBe(true);
    await expectFigures(storeId, { subscribers: 150, active: 150, couponsUsed: 0 });
  });
});
