import { and, desc, eq, gte, inArray, isNull, sql, sum } from "drizzle-orm";
import { type Db, db } from "~/db/client.server";
import { emailClickTracking, stores } from "~/db/schema";
import { randomToken } from "~/server/crypto.server";
import { env } from "~/server/env.server";

/**
 * The one module that reads and writes email_click_tracking: one row per link of each welcome email
 * (docs/decisions/007), counted when the reader follows /t/{trackingId}.
 */

/** The only places a tracked link may send a reader: web pages. */
const WEB_PROTOCOLS = new Set(["http:", "https:"]);

/** The link's host when it is an http(s) URL, else null: such a link is never tracked nor followed. */
export function webLinkHost(url: string): string | null {
  const parsed = URL.parse(url);
  return parsed && WEB_PROTOCOLS.has(parsed.protocol) ? parsed.hostname : null;
}

/**
 * The message whose links are tracked: a welcome or confirmation email (its email_sends row), a campaign's
 * message (its campaign_sends row and the campaign's slug) or a flow's (its flow_sends row).
 */
export type TrackedMessage =
  | { sendId: string }
  | { campaignSendId: string; utmCampaign: string }
  | { flowSendId: string; utmCampaign: string };

/** A tracked message with its store and the address it goes to. */
export type TrackedSend = { storeId: string; subscriberEmail: string } & TrackedMessage;

/** The links of one send to track; `replace` (a retry) first removes the rows of the attempt before. */
export type LinksToTrack = { send: TrackedSend; urls: string[]; replace?: boolean };

/**
 * Gives every link of each send its own row (one insert for them all) and returns, per send, each URL's
 * /t/{trackingId} address. A retried send's rows of the attempt before go first, so a link is counted
 * under one row.
 */
export async function trackLinksOfSends(sends: LinksToTrack[]): Promise<Map<string, string>[]> {
  const replaced = sends.filter((item) => item.replace).map((item) => item.send);
  const replacedSends = replaced.flatMap((send) => ("sendId" in send ? [send.sendId] : []));
  const replacedMessages = replaced.flatMap((send) =>
    "campaignSendId" in send ? [send.campaignSendId] : [],
  );
  if (replacedSends.length > 0)
    await db().delete(emailClickTracking).where(inArray(emailClickTracking.sendId, replacedSends));
  if (replacedMessages.length > 0)
    await db().delete(emailClickTracking).where(inArray(emailClickTracking.campaignSendId, replacedMessages));
  const replacedFlowMessages = replaced.flatMap((send) => ("flowSendId" in send ? [send.flowSendId] : []));
  if (replacedFlowMessages.length > 0)
    await db().delete(emailClickTracking).where(inArray(emailClickTracking.flowSendId, replacedFlowMessages));
  const rowsPerSend = sends.map(({ send, urls }) =>
    urls.map((url) => ({
      ...send,
      trackingId: randomToken(16),
      originalUrl: url,
      linkHost: webLinkHost(url),
    })),
  );
  const rows = rowsPerSend.flat();
  if (rows.length > 0) await db().insert(emailClickTracking).values(rows);
  return rowsPerSend.map(
    (sendRows) =>
      new Map(
        sendRows.map((row) => [row.originalUrl, new URL(`/t/${row.trackingId}`, env().APP_URL).toString()]),
      ),
  );
}

/** The links of one send: trackLinksOfSends for a single send. */
export async function trackLinks(
  send: TrackedSend,
  urls: string[],
  { replace = false }: { replace?: boolean } = {},
): Promise<Map<string, string>> {
  const [links] = await trackLinksOfSends([{ send, urls, replace }]);
  return links ?? new Map();
}

/**
 * Records a click and returns where to send the reader: the URL recorded at send time plus the UTM
 * parameters — never a URL taken from the request, so /t/ cannot be used as an open redirect. A row
 * whose URL is not http(s) (stored before links were checked) is neither counted nor followed.
 */
export async function recordClick(
  trackingId: string,
  client: { ip: string; userAgent: string },
): Promise<string | null> {
  if (!/^[\w-]{10,64}$/.test(trackingId)) return null;
  const byId = eq(emailClickTracking.trackingId, trackingId);
  const [row] = await db().select().from(emailClickTracking).where(byId);
  if (!row || webLinkHost(row.originalUrl) === null) return null;
  await db()
    .update(emailClickTracking)
    .set({
      isClicked: true,
      clickCount: sql`${emailClickTracking.clickCount} + 1`,
      clickedAt: sql`coalesce(${emailClickTracking.clickedAt}, now())`,
      ipAddress: client.ip,
      userAgent: client.userAgent.slice(0, 512),
    })
    .where(byId);
  const target = new URL(row.originalUrl);
  target.searchParams.set("utm_source", row.utmSource);
  target.searchParams.set("utm_medium", row.utmMedium);
  target.searchParams.set("utm_campaign", row.utmCampaign);
  return target.toString();
}

/**
 * A store's welcome-email links: every tracked link but a campaign's (campaigns have their own stats). The
 * Email Analytics screen reads, counts and deletes these only.
 */
function welcomeLinksOf(storeId: string) {
  return and(eq(emailClickTracking.storeId, storeId), isNull(emailClickTracking.campaignSendId));
}

/** A store's clicks in its welcome emails in total, and how many of those emails had a link clicked. */
export async function clickTotals(storeId: string): Promise<{ totalClicks: number; clickedEmails: number }> {
  const [totals] = await db()
    .select({
      totalClicks: sum(emailClickTracking.clickCount).mapWith(Number),
      clickedEmails:
        sql<number>`count(distinct coalesce(${emailClickTracking.sendId}::text, ${emailClickTracking.subscriberEmail})) filter (where ${emailClickTracking.isClicked})`.mapWith(
          Number,
        ),
    })
    .from(emailClickTracking)
    .where(welcomeLinksOf(storeId));
  return { totalClicks: totals?.totalClicks ?? 0, clickedEmails: totals?.clickedEmails ?? 0 };
}

/** A store's tracked welcome-email links, newest first. */
export function recentClickRows(storeId: string, limit: number) {
  return db()
    .select({
      id: emailClickTracking.id,
      subscriberEmail: emailClickTracking.subscriberEmail,
      originalUrl: emailClickTracking.originalUrl,
      linkHost: emailClickTracking.linkHost,
      createdAt: emailClickTracking.createdAt,
      isClicked: emailClickTracking.isClicked,
      clickedAt: emailClickTracking.clickedAt,
      clickCount: emailClickTracking.clickCount,
      ipAddress: emailClickTracking.ipAddress,
    })
    .from(emailClickTracking)
    .where(welcomeLinksOf(storeId))
    .orderBy(desc(emailClickTracking.createdAt), desc(emailClickTracking.id))
    .limit(limit);
}

/** A store's welcome-email clicks per UTC day (YYYY-MM-DD) since a date, by the day of each link's first click. */
export function clicksPerDay(storeId: string, since: Date) {
  const day = sql<string>`to_char(${emailClickTracking.clickedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db()
    .select({ day, value: sum(emailClickTracking.clickCount).mapWith(Number) })
    .from(emailClickTracking)
    .where(and(welcomeLinksOf(storeId), gte(emailClickTracking.clickedAt, since)))
    .groupBy(day);
}

/** The store of a tracked welcome-email link, when that store belongs to the organization; null otherwise. */
export async function storeOfClickRecord(id: string, organizationId: string): Promise<string | null> {
  const [row] = await db()
    .select({ storeId: emailClickTracking.storeId })
    .from(emailClickTracking)
    .innerJoin(stores, eq(stores.id, emailClickTracking.storeId))
    .where(
      and(
        eq(emailClickTracking.id, id),
        isNull(emailClickTracking.campaignSendId),
        eq(stores.organizationId, organizationId),
      ),
    );
  return row?.storeId ?? null;
}

/**
 * Deletes the given tracked welcome-email links of one store (ids of other stores, and campaigns' links, are
 * ignored) and says how many went.
 */
export async function deleteClickRecords(storeId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await db()
    .delete(emailClickTracking)
    .where(and(welcomeLinksOf(storeId), inArray(emailClickTracking.id, ids)))
    .returning({ id: emailClickTracking.id });
  return deleted.length;
}

/** Everything one store's tracking holds about these addresses (lower-cased): a customer's data request. */
export function clicksOfAddresses(storeId: string, addresses: string[]) {
  if (addresses.length === 0) return Promise.resolve([]);
  return db()
    .select({
      subscriberEmail: emailClickTracking.subscriberEmail,
      url: emailClickTracking.originalUrl,
      clickCount: emailClickTracking.clickCount,
      clickedAt: emailClickTracking.clickedAt,
      ipAddress: emailClickTracking.ipAddress,
      userAgent: emailClickTracking.userAgent,
    })
    .from(emailClickTracking)
    .where(
      and(
        eq(emailClickTracking.storeId, storeId),
        inArray(sql`lower(${emailClickTracking.subscriberEmail})`, addresses),
      ),
    );
}

/**
 * Erases one store's tracking of these addresses (lower-cased), inside the caller's transaction when it
 * passes one: a customer's redaction.
 */
export async function forgetClicksOfAddresses(
  storeId: string,
  addresses: string[],
  database: Db = db(),
): Promise<void> {
  if (addresses.length === 0) return;
  await database
    .delete(emailClickTracking)
    .where(
      and(
        eq(emailClickTracking.storeId, storeId),
        inArray(sql`lower(${emailClickTracking.subscriberEmail})`, addresses),
      ),
    );
}
