import { asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import { emailSettings, emailTemplates, popupConfigs, stores, subscribers } from "~/db/schema";
import { welcomeLanguageOf, welcomeTemplateIn } from "~/lib/languages/welcome-template";
import { ttlCache } from "~/server/ttl-cache.server";
import { preferencesOf } from "~/services/access/preferences.server";

/**
 * What every message of a store needs — the store, its SMTP settings, template, popups and the owner's
 * preferences — cached for a few seconds: a burst of welcome emails reads it once, and an edit
 * reaches mail within the TTL.
 */
const storeBundles = ttlCache<NonNullable<Awaited<ReturnType<typeof readStoreBundle>>>>(5_000);

async function readStoreBundle(storeId: string) {
  const [[row], popups] = await Promise.all([
    db()
      .select({ store: stores, settings: emailSettings, template: emailTemplates })
      .from(stores)
      .innerJoin(emailSettings, eq(emailSettings.storeId, stores.id))
      .innerJoin(emailTemplates, eq(emailTemplates.storeId, stores.id))
      .where(eq(stores.id, storeId)),
    // Oldest first: the first is the store's first popup.
    db()
      .select()
      .from(popupConfigs)
      .where(eq(popupConfigs.storeId, storeId))
      .orderBy(asc(popupConfigs.createdAt), asc(popupConfigs.id)),
  ]);
  if (!row || !popups[0]) return undefined;
  return { ...row, popups, preferences: await preferencesOf(row.store.userId) };
}

const subscriberById = () =>
  prepared("mail_subscriber_by_id", (database) =>
    database
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, sql.placeholder("id")))
      .prepare("mail_subscriber_by_id"),
  );

type Subscriber = typeof subscribers.$inferSelect;

async function withStoreBundle(subscriber: Subscriber) {
  const bundle = await storeBundles.remember(subscriber.storeId, () => readStoreBundle(subscriber.storeId));
  if (!bundle) return undefined;
  const { popups, ...shared } = bundle;
  // The popup the address subscribed through (its offer), or the store's first for older and imported rows.
  const popup = popups.find((candidate) => candidate.id === subscriber.popupId) ?? popups[0];
  if (!popup) return undefined;
  // The welcome email in the subscriber's language (docs/decisions/184).
  const template = welcomeTemplateIn(shared.template, popup.languages, subscriber.language);
  const byDefault = popup.languages[0]?.code ?? "en";
  // What the app's own words are in (docs/decisions/196): the subscriber's (stored, else their popup's
  // default), the welcome email's, and the popup's default (campaigns and flows are written in it).
  const languages = {
    subscriber: subscriber.language ?? byDefault,
    welcome: welcomeLanguageOf(popup.languages, subscriber.language),
    popup: byDefault,
  };
  return { subscriber, ...shared, template, popup, languages };
}

/** Reads the store's bundle afresh at its next message (in this process): its settings just changed. */
export function forgetStoreBundle(storeId: string): void {
  storeBundles.forget(storeId);
}

/** Everything a message to one subscriber needs: the subscriber (read fresh) and their store's bundle. */
export async function loadMailContext(subscriberId: string) {
  const [subscriber] = await subscriberById().execute({ id: subscriberId });
  return subscriber ? withStoreBundle(subscriber) : undefined;
}

/** The mail context of each subscriber found (read in one query), by subscriber id. */
export async function loadMailContexts(subscriberIds: string[]): Promise<Map<string, MailContext>> {
  const found = await db().select().from(subscribers).where(inArray(subscribers.id, subscriberIds));
  const contexts = await Promise.all(found.map(withStoreBundle));
  return new Map(contexts.flatMap((context) => (context ? [[context.subscriber.id, context] as const] : [])));
}

export type MailContext = NonNullable<Awaited<ReturnType<typeof loadMailContext>>>;

/**
 * The one address a subscriber's mail goes to, with a display name only when it is safe (no line
 * breaks). Always an address object: nodemailer parses a plain string as a list of recipients.
 */
export function recipientOf(context: MailContext) {
  const name = context.subscriber.name?.replace(/[\r\n]/g, " ").trim() ?? "";
  return { name, address: context.subscriber.email };
}
