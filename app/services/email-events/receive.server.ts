import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailEventReceipts, emailSettings } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import type { EmailEventsProvider } from "~/lib/schemas/email-events";
import { decryptSecret } from "~/server/crypto.server";
import { conflict, notFound, refused, unauthorized } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import { webhookSecretProblem } from "~/services/email/webhook-secrets.server";
import { applyEmailEvents } from "./apply.server";
import type { VerifiedDelivery, WebhookDelivery } from "./events.server";
import { verifyMailgun } from "./mailgun.server";
import { verifyPostmark } from "./postmark.server";
import { verifyResend } from "./resend.server";
import { verifySendgrid } from "./sendgrid.server";
import { confirmSnsSubscription, verifySes } from "./ses.server";

/**
 * A store's bounce and complaint webhook (POST /webhooks/email-events/:storeId, docs/decisions/174): the
 * request is verified as its provider documents, each report is taken once, and what it tells is applied.
 * A forged, stale or replayed request is refused with a 4xx and changes nothing.
 */

const VERIFIERS: Record<
  EmailEventsProvider,
  (delivery: WebhookDelivery, secret: string) => VerifiedDelivery | Promise<VerifiedDelivery>
> = {
  ses: verifySes,
  postmark: verifyPostmark,
  sendgrid: verifySendgrid,
  mailgun: verifyMailgun,
  resend: verifyResend,
};

/** Receipts are kept this long: far past every provider's timestamp tolerance and retry window. */
const RECEIPTS_KEPT = "7 days";

async function webhookOf(storeId: string) {
  const [settings] = isUuid(storeId)
    ? await db()
        .select({ provider: emailSettings.eventsProvider, secret: emailSettings.eventsSecret })
        .from(emailSettings)
        .where(eq(emailSettings.storeId, storeId))
    : [];
  if (!settings?.provider || !settings.secret) throw notFound("No bounce webhook is set up for this store");
  const secret = decryptSecret(settings.secret);
  // Saved before Settings checked its form (an empty Resend key, a one-letter password): anyone could sign
  // with it, so it verifies nothing until the merchant saves the real one.
  if (webhookSecretProblem(settings.provider, secret)) {
    logger().warn(
      { storeId, provider: settings.provider },
      "bounce webhook refused: its stored secret is weak",
    );
    throw unauthorized("The store's webhook secret must be saved again in Settings");
  }
  return { provider: settings.provider, secret };
}

/** The receipts not taken before, now taken (one statement: two copies of a request cannot both pass). */
async function takeReceipts(storeId: string, provider: EmailEventsProvider, receipts: string[]) {
  await db()
    .delete(emailEventReceipts)
    .where(sql`${emailEventReceipts.receivedAt} < now() - interval '${sql.raw(RECEIPTS_KEPT)}'`);
  const taken = await db()
    .insert(emailEventReceipts)
    .values(receipts.map((eventId) => ({ storeId, provider, eventId })))
    .onConflictDoNothing()
    .returning({ eventId: emailEventReceipts.eventId });
  return new Set(taken.map((row) => row.eventId));
}

async function forgetReceipts(storeId: string, provider: EmailEventsProvider, receipts: string[]) {
  await db()
    .delete(emailEventReceipts)
    .where(
      and(
        eq(emailEventReceipts.storeId, storeId),
        eq(emailEventReceipts.provider, provider),
        inArray(emailEventReceipts.eventId, receipts),
      ),
    );
}

/** Answers how many events were applied; throws the 4xx that refuses the request otherwise. */
export async function receiveEmailEvents(storeId: string, delivery: WebhookDelivery): Promise<number> {
  const { provider, secret } = await webhookOf(storeId);
  const verified = await VERIFIERS[provider](delivery, secret);
  if (verified.confirmSubscription && !(await confirmSnsSubscription(verified.confirmSubscription)))
    throw refused("The SNS subscription could not be confirmed");
  if (verified.reports.length === 0) return 0;
  const fresh = await takeReceipts(
    storeId,
    provider,
    verified.reports.map((report) => report.receipt),
  );
  if (fresh.size === 0) throw conflict("This notification was received before");
  const events = verified.reports
    .filter((report) => fresh.has(report.receipt))
    .flatMap((report) => report.events);
  try {
    await applyEmailEvents(storeId, events);
  } catch (error) {
    // Not applied: the provider's retry must not be taken for a replay.
    await forgetReceipts(storeId, provider, [...fresh]);
    throw error;
  }
  logger().info({ storeId, provider, events: events.length }, "bounce and complaint notifications applied");
  return events.length;
}
