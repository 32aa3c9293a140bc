import { and, count, eq, gte, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSends } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { can } from "~/lib/permissions";
import type { ClickStats, EmailAnalytics, TrackedLink } from "~/lib/schemas/email-analytics";
import { notFound } from "~/server/domain-errors.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import {
  clicksPerDay,
  clickTotals,
  deleteClickRecords,
  recentClickRows,
  storeOfClickRecord,
} from "./click-tracking.server";

const CHART_DAYS = 30;
/** The table shows the most recent rows; older ones stay in the stats. */
const MAX_ROWS = 1_000;

/** SPEC click stats: welcome emails sent, clicks on their links, and the share of emails clicked (%). */
export async function emailClickStats(actor: Actor, storeId: string): Promise<ClickStats> {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  const [[sent], clicks] = await Promise.all([
    db()
      .select({ value: count() })
      .from(emailSends)
      .where(
        and(eq(emailSends.storeId, store.id), eq(emailSends.kind, "welcome"), eq(emailSends.status, "sent")),
      ),
    clickTotals(store.id),
  ]);
  const totalEmails = sent?.value ?? 0;
  const clicked = clicks.clickedEmails;
  return {
    clickRate: totalEmails > 0 ? Math.round((clicked / totalEmails) * 1000) / 10 : 0,
    totalEmails,
    totalClicks: clicks.totalClicks,
  };
}

/**
 * SPEC analytics of the welcome email (docs/decisions/112): the stats, one row per tracked link, and sends and
 * clicks per day for the chart. Campaigns' sends and clicks are in each campaign's own stats, never here.
 */
export async function emailAnalytics(actor: Actor, storeId: string): Promise<EmailAnalytics> {
  const stats = await emailClickStats(actor, storeId);
  const since = new Date(Date.now() - (CHART_DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const sendDay = sql<string>`to_char(${emailSends.sentAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [clickData, sendsPerDay, clicksByDay] = await Promise.all([
    recentClickRows(storeId, MAX_ROWS),
    db()
      .select({ day: sendDay, value: count() })
      .from(emailSends)
      .where(
        and(
          eq(emailSends.storeId, storeId),
          eq(emailSends.kind, "welcome"),
          eq(emailSends.status, "sent"),
          gte(emailSends.sentAt, since),
        ),
      )
      .groupBy(sendDay),
    clicksPerDay(storeId, since),
  ]);
  const sends = new Map(sendsPerDay.map((row) => [row.day, row.value]));
  const clicks = new Map(clicksByDay.map((row) => [row.day, row.value]));
  const days = Array.from({ length: CHART_DAYS }, (_, index) => {
    const date = new Date(since.getTime() + index * 86_400_000).toISOString().slice(0, 10);
    return { date, sent: sends.get(date) ?? 0, clicks: clicks.get(date) ?? 0 };
  });
  return { stats, clickData: clickData.map(readableBy(actor)), days };
}

/** A row as the viewer may see it: without View Subscribers, no address and no IP of a subscriber. */
function readableBy(actor: Actor): (row: TrackedLink) => TrackedLink {
  if (can(actor, "view_subscribers")) return (row) => row;
  return (row) => ({ ...row, subscriberEmail: null, ipAddress: null });
}

/** Deletes one analytics row; a row of another organization is "not found". */
export async function deleteAnalyticsRecord(actor: Actor, id: string): Promise<void> {
  authorize(actor, "manage_email_settings");
  if (!isUuid(id)) throw notFound("Analytics record not found");
  const storeId = await storeOfClickRecord(id, actor.organizationId);
  if (!storeId || (actor.storeId && actor.storeId !== storeId)) throw notFound("Analytics record not found");
  await deleteClickRecords(storeId, [id]);
}

/** Deletes the given rows of one store (ids of other stores are ignored) and says how many went. */
export async function deleteAnalyticsRecords(actor: Actor, storeId: string, ids: string[]): Promise<number> {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  return deleteClickRecords(store.id, ids.filter(isUuid));
}
