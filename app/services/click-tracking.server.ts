import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailClickTracking } from "~/db/schema";

/**
 * Records a click and returns where to send the reader: the URL recorded at send time plus the UTM
 * parameters — never a URL taken from the request, so /t/ cannot be used as an open redirect.
 */
export async function recordClick(
  trackingId: string,
  client: { ip: string; userAgent: string },
): Promise<string | null> {
  if (!/^[\w-]{10,64}$/.test(trackingId)) return null;
  const [row] = await db()
    .update(emailClickTracking)
    .set({
      isClicked: true,
      clickCount: sql`${emailClickTracking.clickCount} + 1`,
      clickedAt: sql`coalesce(${emailClickTracking.clickedAt}, now())`,
      ipAddress: client.ip,
      userAgent: client.userAgent.slice(0, 512),
    })
    .where(eq(emailClickTracking.trackingId, trackingId))
    .returning();
  if (!row) return null;
  const target = new URL(row.originalUrl);
  if (target.protocol !== "https:" && target.protocol !== "http:") return null;
  target.searchParams.set("utm_source", row.utmSource);
  target.searchParams.set("utm_medium", row.utmMedium);
  target.searchParams.set("utm_campaign", row.utmCampaign);
  return target.toString();
}
