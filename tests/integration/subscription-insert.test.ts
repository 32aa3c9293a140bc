import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "~/db/client.server";
import { isForeignKeyViolation } from "~/db/errors.server";
import { emailSends, popupVariantDays, subscribers } from "~/db/schema";
import { insertSubscription } from "~/services/subscribers/subscription-batches.server";
import { insertSubscriptions, type SubscriptionRow } from "~/services/subscribers/subscription-insert.server";
import { storeWithPopup, subscriptionRow } from "../support/builders/subscription-rows";
import { testDb } from "../support/infra/db";

/**
 * Storefront subscriptions written in batches (docs/decisions/205): one statement stores many rows with the
 * same rules as one, and the batches gathered per turn answer each subscription on its own.
 */
let store: { storeId: string; popupId: string };

beforeAll(async () => {
  store = await storeWithPopup();
});
afterAll(async () => {
  await closeDb();
});

const row = (email: string, extra: Partial<SubscriptionRow> = {}, holder?: string) =>
  subscriptionRow(store, email, extra, holder);

const unique = (local: string) => `${local}-${randomUUID().slice(0, 8)}@batch.example`;

async function welcomesOf(emails: string[]) {
  return testDb()
    .select({ email: subscribers.email })
    .from(emailSends)
    .innerJoin(subscribers, eq(subscribers.id, emailSends.subscriberId))
    .where(and(eq(emailSends.kind, "welcome"), inArray(subscribers.email, emails)));
}

describe("one statement for many subscriptions", () => {
  it("stores the new rows, skips an address on the list, and finds each row's inbox as it was", async () => {
    const old = unique("old");
    await insertSubscriptions([row(old)]);
    const [oldLocal, domain] = old.split("@");
    const fresh = unique("fresh");
    const taggedOld = `${oldLocal}+shop@${domain}`;
    const rows = [row(fresh), row(old.toUpperCase()), row(taggedOld, {}, old), row(unique("other"))];
    const stored = await insertSubscriptions(rows);
    expect([...stored.keys()].sort()).toEqual([0, 2, 3]);
    expect(stored.get(0)).toMatchObject({ discountCodeSent: "WELCOME15", earlier: undefined });
    expect(stored.get(2)?.earlier).toMatchObject({ email: old, hasOwnEmail: true, isActive: true });
    const saved = await testDb().select().from(subscribers).where(eq(subscribers.email, fresh));
    expect(saved[0]).toMatchObject({
      consentIp: "203.0.113.9",
      popupId: store.popupId,
      wheelDraw: null,
      address: null,
    });
    // Welcome emails go to the inbox's holders that found no other address: not to the tagged one.
    const welcomed = (await welcomesOf([fresh, taggedOld, old])).map((welcome) => welcome.email).sort();
    expect(welcomed).toEqual([fresh, old].sort());
  });

  it("adds a variant's new subscribers to its day once per statement, counted and not counted", async () => {
    const variant = `v-${randomUUID().slice(0, 8)}`;
    const rows = [
      row(unique("a"), { variantId: variant, countedForVariant: true }),
      row(unique("b"), { variantId: variant, countedForVariant: true }),
      row(unique("c"), { variantId: variant, countedForVariant: false }),
    ];
    await insertSubscriptions(rows);
    const days = await testDb()
      .select()
      .from(popupVariantDays)
      .where(and(eq(popupVariantDays.popupId, store.popupId), eq(popupVariantDays.variantId, variant)));
    expect(days).toEqual([expect.objectContaining({ subscribers: 2, subscribersNotCounted: 1 })]);
  });
});

describe("the batches of a turn", () => {
  it("answer each subscription: the same address twice is stored once, and a bad row fails alone", async () => {
    const twice = unique("twice");
    const good = unique("good");
    const bad = row(unique("bad"), { storeId: randomUUID() });
    const answers = await Promise.allSettled([
      insertSubscription(row(twice)),
      insertSubscription(row(twice.toUpperCase())),
      insertSubscription(bad),
      insertSubscription(row(good)),
    ]);
    const [first, second, failed, stored] = answers;
    const created = [first, second].filter((answer) => answer?.status === "fulfilled" && answer.value);
    expect(created).toHaveLength(1);
    // A store that is gone (deleted after the subscription read it): its row alone fails, on the foreign key.
    expect(failed?.status === "rejected" && isForeignKeyViolation(failed.reason)).toBe(true);
    expect(stored).toMatchObject({ status: "fulfilled", value: { id: expect.any(String) } });
    const rows = await testDb()
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(inArray(subscribers.email, [twice, twice.toUpperCase(), good, bad.email]));
    expect(rows.map((saved) => saved.email.toLowerCase()).sort()).toEqual([good, twice].sort());
  });
});
