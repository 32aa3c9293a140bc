import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stores, subscribers, userPreferences } from "~/db/schema";
import { preferencesOf } from "~/services/access/preferences.server";
import {
  checkUnsubscribeRate,
  sendDailySummaries,
  sendSubscriberDigest,
} from "~/services/notifications/digests.server";
import { updatePreferences } from "~/services/notifications/preferences.server";
import { actorFor, createStoreFor } from "../support/builders/actors";
import { createMember, createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { testDb } from "../support/infra/db";
import { readOutbox, recipients } from "../support/infra/outbox";

/** Owner notifications go out as system mail; without SMTP_URL they land in DATA_DIR/outbox. */
let owner: Awaited<ReturnType<typeof createOrganizationWithAdmin>>;
const NOTIFY = "owner-alerts@acme.example";

/** Notifications go to a confirmed address (tests/integration/notification-address.test.ts confirms one). */
async function confirmNotificationAddress(userId: string, address: string, pending: string | null = null) {
  await preferencesOf(userId);
  await testDb()
    .update(userPreferences)
    .set({ adminNotificationEmail: address, pendingNotificationEmail: pending })
    .where(eq(userPreferences.userId, userId));
}

beforeAll(async () => {
  owner = await createOrganizationWithAdmin();
  await confirmNotificationAddress(owner.admin.id, NOTIFY);
  await updatePreferences(await actorFor(owner.admin.id), { dailySubscriberSummary: true });
});

const mailTo = async (subjectPart: string) =>
  (await readOutbox()).filter(
    (message) => recipients(message).includes(NOTIFY) && message.subject?.includes(subjectPart),
  );

async function seed(storeId: string, count: number, values: Partial<typeof subscribers.$inferInsert> = {}) {
  await testDb()
    .insert(subscribers)
    .values(
      Array.from({ length: count }, (_, index) => ({
        storeId,
        email: `n${index}-${Math.random().toString(36).slice(2)}@acme-corp.example`,
        ...values,
      })),
    );
}

describe("new-subscriber notifications", () => {
  it("batch everyone who joined since the last digest into one email, then nothing until new people join", async () => {
    const store = await createStoreFor(owner.admin.id, { name: "Digest Shop" });
    await seed(store.id, 3);
    await sendSubscriberDigest(store.id);
    const [digest] = await mailTo("new subscribers for Digest Shop");
    expect(digest?.subject).toBe("3 new subscribers for Digest Shop");
    expect(digest?.text).toContain("@acme-corp.example");

    await sendSubscriberDigest(store.id);
    expect(await mailTo("Digest Shop")).toHaveLength(1);

    await seed(store.id, 1);
    await sendSubscriberDigest(store.id);
    expect((await mailTo("1 new subscriber for Digest Shop")).length).toBe(1);
  });

  it("count only people who became subscribers: confirmed if asked to, still subscribed, not imported", async () => {
    const store = await createStoreFor(owner.admin.id, { name: "Counting Shop" });
    await seed(store.id, 2);
    await seed(store.id, 1, { confirmationRequired: true, confirmedAt: new Date() });
    // Not (yet) new subscribers: a double opt-in awaiting confirmation, one who left since, an import.
    const [pending] = await testDb()
      .insert(subscribers)
      .values({ storeId: store.id, email: uniqueEmail("pending"), confirmationRequired: true })
      .returning({ id: subscribers.id });
    await seed(store.id, 1, { isActive: false, unsubscribedAt: new Date() });
    await seed(store.id, 1, { source: "import" });
    await sendSubscriberDigest(store.id);
    expect((await mailTo("for Counting Shop")).map((mail) => mail.subject)).toEqual([
      "3 new subscribers for Counting Shop",
    ]);

    // Confirming makes them new, in the next digest.
    await testDb()
      .update(subscribers)
      .set({ confirmedAt: new Date() })
      .where(eq(subscribers.id, pending?.id ?? ""));
    await sendSubscriberDigest(store.id);
    expect((await mailTo("for Counting Shop")).map((mail) => mail.subject)).toEqual([
      "3 new subscribers for Counting Shop",
      "1 new subscriber for Counting Shop",
    ]);
  });

  it("go once when several digests of the store run at the same moment", async () => {
    const store = await createStoreFor(owner.admin.id, { name: "Busy Digest Shop" });
    await seed(store.id, 3);
    await Promise.all(Array.from({ length: 5 }, () => sendSubscriberDigest(store.id)));
    expect(await mailTo("Busy Digest Shop")).toHaveLength(1);
  });

  it("give a store owner without View Subscribers the count, never the addresses", async () => {
    const { member } = await createMember(owner.organization.id, { manage_stores: true });
    const inbox = uniqueEmail("no-view");
    await confirmNotificationAddress(member.id, inbox);
    const store = await createStoreFor(member.id, { name: "Blind Shop" });
    await seed(store.id, 3);
    await sendSubscriberDigest(store.id);
    const [digest] = (await readOutbox()).filter((message) => recipients(message).includes(inbox));
    expect(digest?.subject).toBe("3 new subscribers for Blind Shop");
    expect(digest?.text).toContain("3 new people subscribed to Blind Shop.");
    expect(digest?.text).not.toContain("@");
    expect(digest?.html).not.toContain("acme-corp.example");
  });

  it("go to the confirmed address while a new one waits for its confirmation", async () => {
    const { member } = await createMember(owner.organization.id, {
      manage_stores: true,
      view_subscribers: true,
    });
    const [confirmed, pending] = [uniqueEmail("confirmed"), uniqueEmail("pending")];
    await confirmNotificationAddress(member.id, confirmed, pending);
    const store = await createStoreFor(member.id, { name: "Waiting Shop" });
    await seed(store.id, 1);
    await sendSubscriberDigest(store.id);
    const outbox = await readOutbox();
    expect(outbox.filter((message) => recipients(message).includes(pending))).toHaveLength(0);
    const [digest] = outbox.filter((message) => recipients(message).includes(confirmed));
    expect(digest?.text).toContain("@acme-corp.example");
  });

  it("send nothing when the owner turned them off", async () => {
    const store = await createStoreFor(owner.admin.id, { name: "Quiet Shop" });
    await updatePreferences(await actorFor(owner.admin.id), { notifyOnSubscriptions: false });
    try {
      await seed(store.id, 2);
      await sendSubscriberDigest(store.id);
      expect(await mailTo("Quiet Shop")).toHaveLength(0);
    } finally {
      await updatePreferences(await actorFor(owner.admin.id), { notifyOnSubscriptions: true });
    }
  });
});

describe("the daily summary", () => {
  it("reports yesterday's new subscribers, as the digest counts them, and the active total", async () => {
    const store = await createStoreFor(owner.admin.id, { name: "Summary Shop" });
    const now = new Date("2026-03-10T08:00:00Z");
    await seed(store.id, 2, { subscribedAt: new Date("2026-03-09T12:00:00Z") });
    await seed(store.id, 1, { subscribedAt: new Date("2026-03-08T12:00:00Z") });
    // Not new subscribers of that day: one who left since, an import, a double opt-in confirmed only today.
    await seed(store.id, 1, { subscribedAt: new Date("2026-03-09T13:00:00Z"), isActive: false });
    await seed(store.id, 1, { subscribedAt: new Date("2026-03-09T14:00:00Z"), source: "import" });
    await seed(store.id, 1, {
      subscribedAt: new Date("2026-03-09T15:00:00Z"),
      confirmationRequired: true,
      confirmedAt: new Date("2026-03-10T07:00:00Z"),
    });
    // A double opt-in made the day before, confirmed that day, is one.
    await seed(store.id, 1, {
      subscribedAt: new Date("2026-03-08T22:00:00Z"),
      confirmationRequired: true,
      confirmedAt: new Date("2026-03-09T09:00:00Z"),
    });
    await sendDailySummaries(now);
    const [summary] = await mailTo("Daily subscriber summary for Summary Shop (2026-03-09)");
    expect(summary?.text).toContain("New subscribers on 2026-03-09: 3.");
  });
});

describe("the unsubscribe-rate alert", () => {
  it("fires once a day when 5 % or more (and at least 5 people) unsubscribe, not below", async () => {
    const store = await createStoreFor(owner.admin.id, { name: "Alert Shop" });
    await seed(store.id, 90);
    await seed(store.id, 4, { isActive: false, unsubscribedAt: new Date() });
    await checkUnsubscribeRate(store.id);
    expect(await mailTo("Unsubscribe alert for Alert Shop")).toHaveLength(0);

    await seed(store.id, 1, { isActive: false, unsubscribedAt: new Date() });
    await checkUnsubscribeRate(store.id);
    await checkUnsubscribeRate(store.id);
    const alerts = await mailTo("Unsubscribe alert for Alert Shop");
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain("5 of 95 subscribers (5.3%)");
    const [row] = await testDb().select().from(stores).where(eq(stores.id, store.id));
    expect(row?.unsubscribeAlertedOn).toBe(new Date().toISOString().slice(0, 10));
  });

  it("goes once when several checks run at the same moment", async () => {
    const store = await createStoreFor(owner.admin.id, { name: "Stampede Shop" });
    await seed(store.id, 90);
    await seed(store.id, 10, { isActive: false, unsubscribedAt: new Date() });
    await Promise.all(Array.from({ length: 5 }, () => checkUnsubscribeRate(store.id)));
    expect(await mailTo("Unsubscribe alert for Stampede Shop")).toHaveLength(1);
  });
});
