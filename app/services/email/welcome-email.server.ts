import { unsubscribeUrl } from "~/services/subscribers/links.server";
import { trackLinks } from "./click-tracking.server";
import { deliverOnce } from "./deliver-once.server";
import type { MailContext } from "./mail-context.server";
import { firstNameFor, linksIn, renderWelcomeEmail } from "./render.server";

/**
 * Renders the store's welcome email for one subscriber (with tracked links when analytics is on) and
 * delivers it once; `again` sends a copy to a subscriber who already had it. Whether it should go at
 * all is decided by the subscription flow (services/subscribers/after-subscribe.server.ts).
 */
export async function deliverWelcomeEmail(
  context: MailContext,
  { again = false }: { again?: boolean } = {},
): Promise<void> {
  const vars = {
    firstName: firstNameFor(context.subscriber.name, context.subscriber.email),
    discountCode: context.subscriber.discountCodeSent ?? context.popup.discountCode,
    discountPercentage: context.popup.discountPercentage,
    storeName: context.store.name,
    storeUrl: context.store.customDomain ?? context.store.shopifyUrl,
    unsubscribeUrl: unsubscribeUrl(context.subscriber.id),
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
