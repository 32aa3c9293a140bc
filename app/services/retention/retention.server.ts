import { and, isNotNull, lt, or } from "drizzle-orm";
import { withBulkTurn } from "~/db/bulk.server";
import type { Db } from "~/db/client.server";
import { subscribers, webhookEvents } from "~/db/schema";
import { logger } from "~/server/logger.server";

const DAY_MS = 86_400_000;

/**
 * Shopify retries a delivery for hours, not weeks: a webhook's event and delivery ids are kept this long to
 * recognise a redelivery, then deleted (a shop's, at once on shop/redact).
 */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;

/**
 * The IP address and browser a consent came from prove it for as long as a complaint about it can arise;
 * after two years they are cleared, while the consent itself (time, page, wording) stays with the subscriber.
 */
export const CONSENT_NETWORK_RETENTION_DAYS = 730;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The daily retention job (jobs/schedules.ts): what is past its retention period is deleted or cleared. */
export async function applyRetention(now = new Date()) {
  // Every store's rows at once: bulk work, apart from the app's own connections.
  return withBulkTurn(RETENTION_TENANT, ({ db }) => applyRetentionOn(db, now));
}

/** The turn of bulk work that retention takes its place in line with. */
const RETENTION_TENANT = "retention";

async function applyRetentionOn(db: Db, now: Date) {
  const events = await db
    .delete(webhookEvents)
    .where(lt(webhookEvents.receivedAt, daysBefore(now, WEBHOOK_EVENT_RETENTION_DAYS)))
    .returning({ eventId: webhookEvents.eventId });
  const consents = await db
    .update(subscribers)
    .set({ consentIp: null, consentUserAgent: null })
    .where(
      and(
        lt(subscribers.consentedAt, daysBefore(now, CONSENT_NETWORK_RETENTION_DAYS)),
        or(isNotNull(subscribers.consentIp), isNotNull(subscribers.consentUserAgent)),
      ),
    )
    .returning({ id: subscribers.id });
  const applied = { webhookEventsDeleted: events.length, consentNetworkCleared: consents.length };
  logger().info(applied, "retention applied");
  return applied;
}
