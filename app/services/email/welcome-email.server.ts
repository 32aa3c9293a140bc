import { logger } from "~/server/logger.server";
import { unsubscribeUrl } from "~/services/subscribers/links.server";
import { trackLinks } from "./click-tracking.server";
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
        ? await trackLinks(
            { sendId, storeId: context.store.id, subscriberEmail: context.subscriber.email },
            linksIn(context.template, vars),
            { replace: attempt > 1 },
          )
        : new Map<string, string>();
      return renderWelcomeEmail(context.template, vars, (url) => links.get(url) ?? url);
    },
    { again },
  );
}
