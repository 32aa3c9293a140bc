import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSettings, emailTemplates, popupConfigs, stores, subscribers } from "~/db/schema";
import { preferencesForStore } from "./preferences.server";

/** Everything a message to one subscriber needs: the subscriber, the store, its SMTP, template, popup and owner's preferences. */
export async function loadMailContext(subscriberId: string) {
  const [row] = await db()
    .select({
      subscriber: subscribers,
      store: stores,
      settings: emailSettings,
      template: emailTemplates,
      popup: popupConfigs,
    })
    .from(subscribers)
    .innerJoin(stores, eq(stores.id, subscribers.storeId))
    .innerJoin(emailSettings, eq(emailSettings.storeId, subscribers.storeId))
    .innerJoin(emailTemplates, eq(emailTemplates.storeId, subscribers.storeId))
    .innerJoin(popupConfigs, eq(popupConfigs.storeId, subscribers.storeId))
    .where(eq(subscribers.id, subscriberId));
  if (!row) return undefined;
  const preferences = await preferencesForStore(row.store.id);
  if (!preferences) return undefined;
  return { ...row, preferences };
}

export type MailContext = NonNullable<Awaited<ReturnType<typeof loadMailContext>>>;

/** The address a subscriber's mail goes to, with a display name only when it is safe (no line breaks). */
export function recipientOf(context: MailContext) {
  const name = context.subscriber.name?.replace(/[\r\n]/g, " ").trim();
  return name ? { name, address: context.subscriber.email } : context.subscriber.email;
}
