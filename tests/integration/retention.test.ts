import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscribers, webhookEvents } from "~/db/schema";
import {
  applyRetention,
  CONSENT_NETWORK_RETENTION_DAYS,
  WEBHOOK_EVENT_RETENTION_DAYS,
} from "~/services/retention/retention.server";
import { redactShop } from "~/services/shopify/compliance.server";
import { createStoreFor } from "../support/builders/actors";
import { createOrganizationWithAdmin, uniqueEmail } from "../support/builders/fixtures";
import { testDb } from "../support/infra/db";

/** What is kept, and for how long (README → Protected customer data → Retention). */
const DAY_MS = 86_400_000;
const NOW = new Date("2026-11-28T03:30:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

async function recordEvent(shop: string, receivedAt: Date) {
  const eventId = randomUUID();
  await testDb()
    .insert(webhookEvents)
    .values({ eventId, webhookId: randomUUID(), topic: "ORDERS_CREATE", shop, receivedAt });
  return eventId;
}

const eventsLeft = async (eventIds: string[]) =>
  (
    await testDb()
      .select({ eventId: webhookEvents.eventId })
      .from(webhookEvents)
      .where(inArray(webhookEvents.eventId, eventIds))
  ).map((row) => row.eventId);

describe("webhook deliveries", () => {
  it(`are forgotten ${WEBHOOK_EVENT_RETENTION_DAYS} days after they arrived`, async () => {
    const shop = `${randomUUID()}.myshopify.com`;
    const old = await recordEvent(shop, daysAgo(WEBHOOK_EVENT_RETENTION_DAYS + 1));
    const recent = await recordEvent(shop, daysAgo(WEBHOOK_EVENT_RETENTION_DAYS - 1));
    const applied = await applyRetention(NOW);
    expect(applied.webhookEventsDeleted).toBeGreaterThanOrEqual(1);
    expect(await eventsLeft([old, recent])).toEqual([recent]);
  });

  it("of a shop are all forgotten on shop/redact, another shop's stay", async () => {
    const shop = `${randomUUID()}.myshopify.com`;
    const other = `${randomUUID()}.myshopify.com`;
    const mine = [await recordEvent(shop, new Date()), await recordEvent(shop, daysAgo(3))];
    const theirs = await recordEvent(other, new Date());
    await redactShop(shop);
    expect(await eventsLeft([...mine, theirs])).toEqual([theirs]);
  });
});

describe("a consent's IP address and browser", () => {
  it(`are cleared ${CONSENT_NETWORK_RETENTION_DAYS} days after the consent, which itself stays`, async () => {
    const { admin } = await createOrganizationWithAdmin();
    const store = await createStoreFor(admin.id);
    const consent = (consentedAt: Date) => ({
      storeId: store.id,
      email: uniqueEmail("consent"),
      consentIp: "203.0.113.7",
      consentUserAgent: "Mozilla/5.0 (consent)",
      consentPageUrl: "https://shop.example.com/p/1",
      consentedAt,
    });
    const [old, recent] = await testDb()
      .insert(subscribers)
      .values([consent(daysAgo(CONSENT_NETWORK_RETENTION_DAYS + 1)), consent(daysAgo(365))])
      .returning();

    const applied = await applyRetention(NOW);
    expect(applied.consentNetworkCleared).toBeGreaterThanOrEqual(1);
    const [oldRow] = await testDb()
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, old?.id ?? ""));
    expect(oldRow).toMatchObject({
      consentIp: null,
      consentUserAgent: null,
      consentPageUrl: "https://shop.example.com/p/1",
      consentedAt: old?.consentedAt,
      isActive: true,
    });
    const [recentRow] = await testDb()
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, recent?.id ?? ""));
    expect(recentRow).toMatchObject({ consentIp: "203.0.113.7", consentUserAgent: "Mozilla/5.0 (consent)" });
  });
});
