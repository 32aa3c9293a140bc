import { trackLinks } from "./click-tracking.server";
import { deliverOnce } from "./deliver-once.server";
import type { MailContext } from "./mail-context.server";
import { mailVariables } from "./merge-tags.server";
import type { MailDraft } from "./outbox.server";
import { linksIn, renderWelcomeEmail } from "./render.server";

/** The welcome email's variables for one subscriber, and its links to track (none when analytics is off). */
export function draftWelcomeEmail(context: MailContext): MailDraft {
  const vars = mailVariables(context);
  return { vars, urls: context.preferences.enableAnalytics ? linksIn(context.template, vars) : [] };
}

/** The welcome email rendered, each tracked link replaced by its /t/ address. */
export function renderWelcomeDraft(context: MailContext, draft: MailDraft, links: Map<string, string>) {
  return renderWelcomeEmail(context.template, draft.vars, (url) => links.get(url) ?? url);
}

/**
 * Renders the store's welcome email for one subscriber (with tracked links when analytics is on) and
 * delivers it once; `again` sends a copy to a subscriber who already had it. Whether it should go at
 * all is decided by the subscription flow (services/subscribers/after-subscribe.server.ts). The outbox
 * (welcome-outbox.server.ts) sends many at once.
 */
export async function deliverWelcomeEmail(
  context: MailContext,
  { again = false }: { again?: boolean } = {},
): Promise<void> {
  const draft = draftWelcomeEmail(context);
  await deliverOnce(
    context,
    "welcome",
    async (sendId, attempt) => {
      const links =
        draft.urls.length > 0
          ? await trackLinks(
              { sendId, storeId: context.store.id, subscriberEmail: context.subscriber.email },
              draft.urls,
              { replace: attempt > 1 },
            )
          : new Map<string, string>();
      return renderWelcomeDraft(context, draft, links);
    },
    { again },
  );
}
