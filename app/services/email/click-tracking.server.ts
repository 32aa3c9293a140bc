import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailClickTracking } from "~/db/schema";

/** The only places a tracked link may send a reader: web pages. */
const WEB_PROTOCOLS = new Set(["http:", "https:"]);

/** The link's host when it is an http(s) URL, else null: such a link is never tracked nor followed. */
export function webLinkHost(url: string): string | null {
  const parsed = URL.parse(url);
  return parsed && WEB_PROTOCOLS.has(parsed.protocol) ? parsed.hostname : null;
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
