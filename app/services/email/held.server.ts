import { and, count, eq, inArray, min, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailSends, subscribers } from "~/db/schema";
import { type HeldEmails, hasPostalAddress, NO_POSTAL_ADDRESS } from "~/lib/schemas/held-emails";
import { invalid } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import { type Actor, authorize } from "~/services/access/actor.server";
import { requireStore } from "~/services/stores/crud.server";
import { enqueue } from "../../../jobs/client";
import { forgetStoreBundle } from "./mail-context.server";
import { storeCanSend } from "./sends.server";
import { storePostalAddress } from "./template.server";
import { wakeWelcomeOutbox } from "./welcome-outbox.server";

/**
 * A subscriber's email that could not go because the store's email (SMTP) is not set up, or a welcome email
 * while the store has no postal address (it carries the offer: a marketing email), is never dropped: its
 * send is "held", shown on the subscriber, the dashboard and Settings, until the merchant, once email (and
 * for welcome emails the address) is set up, sends the held emails (each becomes pending again, and goes
 * through the outbox or its job exactly once, to a subscriber who still wants it) or discards them.
 */

/**
 * The held sends that would still go: a welcome email to an active subscriber who is not waiting for
 * double opt-in, a confirmation request to one who still has to confirm. Any other held send is moot.
 */
const stillWanted = sql`${subscribers.isActive} and case ${emailSends.kind}
    when 'welcome' then not (${subscribers.confirmationRequired} and ${subscribers.confirmedAt} is null)
    else ${subscribers.confirmationRequired} and ${subscribers.confirmedAt} is null end`;

const heldOfStore = (storeId: string) => and(eq(emailSends.storeId, storeId), eq(emailSends.status, "held"));

/**
 * The store's held emails that would still go, by kind, since when the oldest waits, and whether email is
 * set up: the state of the store's email, for who manages it (who else could act on it?).
 */
export async function heldEmails(actor: Actor, storeId: string): Promise<HeldEmails> {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  const [rows, emailConfigured, postalAddress] = await Promise.all([
    db()
      .select({ kind: emailSends.kind, count: count(), oldest: min(emailSends.createdAt) })
      .from(emailSends)
      .innerJoin(subscribers, eq(subscribers.id, emailSends.subscriberId))
      .where(and(heldOfStore(store.id), stillWanted))
      .groupBy(emailSends.kind),
    storeCanSend(store.id),
    storePostalAddress(store.id),
  ]);
  const of = (kind: "welcome" | "confirmation") => rows.find((row) => row.kind === kind);
  const oldest = rows.flatMap((row) => (row.oldest ? [new Date(row.oldest)] : [])).sort((a, b) => +a - +b)[0];
  return {
    welcome: of("welcome")?.count ?? 0,
    confirmation: of("confirmation")?.count ?? 0,
    oldestAt: oldest?.toISOString() ?? null,
    emailConfigured,
    postalAddressSet: hasPostalAddress(postalAddress),
    checkedAt: new Date().toISOString(),
  };
}

/**
 * Sends the store's held emails now that its email is set up: each still wanted becomes pending again (the
 * outbox sends welcome emails; a confirmation request goes by its job), exactly once, however often this is
 * called; a held send no longer wanted (the subscriber unsubscribed or confirmed meanwhile) is dropped.
 * Welcome emails stay held while the store has no postal address.
 */
export async function sendHeldEmails(actor: Actor, storeId: string): Promise<{ queued: number }> {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  if (!(await storeCanSend(store.id)))
    throw invalid("Set up email first: save the SMTP host, port and from email in Settings");
  forgetStoreBundle(store.id);
  const addressSet = hasPostalAddress(await storePostalAddress(store.id));
  const releasable = addressSet
    ? heldOfStore(store.id)
    : and(heldOfStore(store.id), ne(emailSends.kind, "welcome"));
  const released = await db().transaction(async (tx) => {
    const wanted = tx
      .select({ id: emailSends.id })
      .from(emailSends)
      .innerJoin(subscribers, eq(subscribers.id, emailSends.subscriberId))
      .where(and(releasable, stillWanted));
    const rows = await tx
      .update(emailSends)
      .set({ status: "pending", lockedUntil: null, error: null })
      .where(and(releasable, inArray(emailSends.id, wanted)))
      .returning({ kind: emailSends.kind, subscriberId: emailSends.subscriberId });
    await tx.delete(emailSends).where(releasable);
    // The welcome emails kept say why now: email is set up, the address is what they wait for.
    if (!addressSet)
      await tx.update(emailSends).set({ error: NO_POSTAL_ADDRESS }).where(heldOfStore(store.id));
    return rows;
  });
  if (released.some((row) => row.kind === "welcome")) wakeWelcomeOutbox();
  for (const { subscriberId } of released.filter((row) => row.kind === "confirmation"))
    await enqueue(
      "email",
      { type: "confirmation", subscriberId },
      { jobId: `confirmation-${subscriberId}-held-${Date.now()}` },
    );
  logger().info({ storeId: store.id, userId: actor.userId, queued: released.length }, "held emails sent");
  return { queued: released.length };
}

/** The merchant chose not to send the store's held emails: each stays recorded as discarded. */
export async function discardHeldEmails(actor: Actor, storeId: string): Promise<{ discarded: number }> {
  authorize(actor, "manage_email_settings");
  const store = await requireStore(actor, storeId);
  const rows = await db()
    .update(emailSends)
    .set({ status: "discarded", error: "not sent: discarded in Settings" })
    .where(heldOfStore(store.id))
    .returning({ id: emailSends.id });
  logger().info({ storeId: store.id, userId: actor.userId, discarded: rows.length }, "held emails discarded");
  return { discarded: rows.length };
}
