import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailClickTracking } from "~/db/schema";
import { randomToken } from "~/server/crypto.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { unsubscribeUrl } from "~/services/subscribers/links.server";
import { webLinkHost } from "./click-tracking.server";
import { deliverOnce } from "./deliver-once.server";
import { loadMailContext, type MailContext } from "./mail-context.server";
import { firstNameFor, linksIn, renderWelcomeEmail } from "./render.server";

/** Why a welcome email is not sent at all (rather than later). */
function skipReason(context: MailContext): string | null {
  if (!context.subscriber.isActive) return "the subscriber unsubscribed";
  if (!context.preferences.sendWelcomeEmail) return "welcome emails are turned off";
  if (context.subscriber.confirmationRequired && !context.subscriber.confirmedAt)
    return "waiting for double opt-in";
  if (!context.settings.isConfigured) return "the store has no SMTP settings";
  return null;
}

/** Rewrites every link to /t/{trackingId}, one email_click_tracking row per link (a retry replaces them). */
async function trackedLinks(
  context: MailContext,
  sendId: string,
  attempt: number,
  urls: string[],
): Promise<Map<string, string>> {
  if (attempt > 1) await db().delete(emailClickTracking).where(eq(emailClickTracking.sendId, sendId));
  const rows = urls.map((url) => ({
    sendId,
    storeId: context.store.id,
    subscriberEmail: context.subscriber.email,
    trackingId: randomToken(16),
    originalUrl: url,
    linkHost: webLinkHost(url),
  }));
  if (rows.length > 0) await db().insert(emailClickTracking).values(rows);
  return new Map(
    rows.map((row) => [row.originalUrl, new URL(`/t/${row.trackingId}`, env().APP_URL).toString()]),
  );
}

/**
 * Sends a new subscriber the store's welcome email (with tracked links when analytics is on), once;
 * `again` sends a copy to a subscriber who already had it.
 */
export async function sendWelcomeEmail(subscriberId: string, again = false): Promise<void> {
  const context = await loadMailContext(subscriberId);
  if (!context) return;
  const reason = skipReason(context);
  if (reason) {
    logger().info({ subscriberId, storeId: context.store.id, reason }, "welcome email not sent");
    return;
  }
  const vars = {
    firstName: firstNameFor(context.subscriber.name, context.subscriber.email),
    discountCode: context.subscriber.discountCodeSent ?? context.popup.discountCode,
    discountPercentage: context.popup.discountPercentage,
    storeName: context.store.name,
    storeUrl: context.store.customDomain ?? context.store.shopifyUrl,
    unsubscribeUrl: unsubscribeUrl(subscriberId),
  };
  await deliverOnce(
    context,
    "welcome",
    async (sendId, attempt) => {
      const links = context.preferences.enableAnalytics
        ? await trackedLinks(context, sendId, attempt, linksIn(context.template, vars))
        : new Map<string, string>();
      return renderWelcomeEmail(context.template, vars, (url) => links.get(url) ?? url);
    },
    { again },
  );
}
