import { setTimeout as sleep } from "node:timers/promises";
import { coalesced } from "~/server/coalesce.server";
import { logger } from "~/server/logger.server";
import { redis } from "~/server/redis.server";
import { enqueue } from "../../../jobs/client";
import { emailQueue } from "../../../jobs/queues/email.config";
import { trackLinksOfSends } from "./click-tracking.server";
import { subscriberHeaders } from "./deliver-once.server";
import { loadMailContexts, type MailContext, recipientOf } from "./mail-context.server";
import {
  type ClaimedSend,
  claimDueWelcomeSends,
  dropSend,
  keepLeases,
  markFailed,
  markSent,
  sendLater,
} from "./sends.server";
import { isPermanentSmtpFailure, sendStoreMail } from "./store-mailer.server";
import { draftWelcomeEmail, renderWelcomeDraft, type WelcomeDraft } from "./welcome-email.server";

/**
 * The welcome-email outbox: a new subscriber's welcome email is written as a pending email_sends row in
 * the subscription's own statement (services/subscribers/subscribe.server.ts), and workers send the
 * pending rows in batches. A wake-up job per burst of subscriptions starts a worker at once, and a sweep
 * every few seconds (jobs/schedules.ts) sends whatever a lost wake-up or a dead worker left behind.
 */

/** Welcome emails claimed per statement, and batches in flight per wake-up. */
const BATCH_SIZE = 50;
const LANES = 2;

/** The least time between two wake-up jobs on Redis: under load, a few jobs a second rather than hundreds. */
const WAKE_SPACING_MS = 50;

/**
 * Asks a worker to send the pending welcome emails. Calls made while one request is on its way, or within
 * WAKE_SPACING_MS of it, share the next: one job per burst, not per subscription, and a subscription's
 * wake-up is never later than that. A request lost (Redis down) is made up by the sweep.
 */
const requestSending = coalesced(async () => {
  await enqueue("email", { type: "send-pending-welcomes" }, { removeWhenDone: true }).catch(
    (error: unknown) => logger().warn({ err: error }, "welcome emails left to the next sweep"),
  );
  // Jobs run in this process (no Redis) cost no round trip, and tests drain them as soon as they are queued.
  if (redis()) await sleep(WAKE_SPACING_MS);
});
export function wakeWelcomeOutbox(): void {
  void requestSending(undefined);
}

/** Why a welcome email is not to be sent at all, decided by the subscription flow; null to send it. */
export type SkipReason = (context: MailContext) => string | null;

type Ready = { claim: ClaimedSend; context: MailContext; draft: WelcomeDraft };

/**
 * Sends pending welcome emails until none is due: claimed by the batch, their links tracked in one
 * insert, sent over the store's pooled transport, recorded as sent together. Each is sent once: a send
 * is claimed with a lease (renewed while it runs) before it goes.
 */
export async function drainWelcomeOutbox(skipReason: SkipReason): Promise<void> {
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      for (let batch = await claimDueWelcomeSends(BATCH_SIZE); batch.length > 0; ) {
        await sendBatch(batch, skipReason);
        batch = await claimDueWelcomeSends(BATCH_SIZE);
      }
    }),
  );
}

async function sendBatch(batch: ClaimedSend[], skipReason: SkipReason): Promise<void> {
  const releaseLeases = keepLeases(batch);
  try {
    const contexts = await loadMailContexts(batch.map((claim) => claim.subscriberId));
    const ready: Ready[] = [];
    for (const claim of batch) {
      const context = contexts.get(claim.subscriberId);
      const reason = context ? skipReason(context) : "the store cannot send email";
      if (!context || reason) {
        logger().info(
          { subscriberId: claim.subscriberId, storeId: claim.storeId, reason },
          "welcome email not sent",
        );
        await dropSend(claim);
      } else ready.push({ claim, context, draft: draftWelcomeEmail(context) });
    }
    const links = await trackLinksOfSends(
      ready.map(({ claim, context, draft }) => ({
        send: { sendId: claim.sendId, storeId: claim.storeId, subscriberEmail: context.subscriber.email },
        urls: draft.urls,
        replace: claim.attempt > 1,
      })),
    );
    await Promise.all(ready.map((item, index) => sendOne(item, links[index] ?? new Map())));
  } finally {
    releaseLeases();
  }
}

/**
 * One claimed welcome email: recorded as sent once the server accepted it. A 5xx answer, or the queue's
 * last attempt, fails it for good; another failure leaves it pending after the queue's backoff.
 */
async function sendOne({ claim, context, draft }: Ready, links: Map<string, string>): Promise<void> {
  let messageId: string;
  try {
    ({ messageId } = await sendStoreMail(context.settings, {
      to: recipientOf(context),
      ...renderWelcomeDraft(context, draft, links),
      ...subscriberHeaders(context.subscriber.id, "welcome"),
    }));
  } catch (error) {
    const message = (error as Error).message;
    const log = { subscriberId: claim.subscriberId, attempt: claim.attempt, err: error };
    if (isPermanentSmtpFailure(error) || claim.attempt >= emailQueue.attempts) {
      await markFailed(claim, message, true);
      logger().warn(log, "welcome email failed for good");
    } else {
      await sendLater(claim, message, (emailQueue.backoffMs / 1000) * 2 ** (claim.attempt - 1));
      logger().warn(log, "welcome email to be sent again later");
    }
    return;
  }
  if (!(await markSent(claim, messageId)))
    logger().warn(
      { subscriberId: claim.subscriberId },
      "email sent after another worker had taken the send over",
    );
}
