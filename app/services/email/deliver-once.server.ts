import type { SendMailOptions } from "nodemailer";
import { emailSends } from "~/db/schema";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { emailQueue } from "../../../jobs/queues/email.config";
import { keepLeases, markFailed, markSent } from "./leases.server";
import { unsubscribeUrl } from "./links.server";
import { type MailContext, recipientOf } from "./mail-context.server";
import { claimSend, markRetrying, SendInProgress } from "./sends.server";
import { isPermanentSmtpFailure, sendStoreMail } from "./store-mailer.server";
import {
  recipientRefusal,
  recordRefusal,
  recordSuppressedEmail,
  suppressedBecause,
} from "./suppression.server";

type Kind = "welcome" | "confirmation";
type Build = (sendId: string, attempt: number) => Promise<Pick<SendMailOptions, "subject" | "html" | "text">>;

/**
 * The List-Unsubscribe pair of RFC 8058 and a stable Message-ID (receivers drop duplicates). No priority
 * headers: `X-Priority: 1` / `Importance: high` on marketing mail is a spam signal.
 * A copy sent on request gets its own Message-ID, or the receiver would drop it as the first one.
 */
export function subscriberHeaders(subscriberId: string, kind: Kind, copy?: number) {
  const id = copy === undefined ? subscriberId : `${subscriberId}.${copy}`;
  return {
    messageId: `<${kind}.${id}@${new URL(env().APP_URL).hostname}>`,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl(subscriberId)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/**
 * Sends one (subscriber, kind) message through the store's own SMTP, exactly once: the send row is
 * claimed first, and its lease renewed while the send runs, so a retried, stalled or duplicated job
 * finds it taken or done. A 5xx answer is recorded as failed and not retried; any other failure is
 * thrown for the queue to retry, until the queue's last try, which fails it for good. A refusal of the
 * recipient counts against the address, and nothing goes to a suppressed one (recorded as suppressed).
 * `again` (the subscriber asked for it anew) sends a copy when the message was already sent.
 */
export async function deliverOnce(
  context: MailContext,
  kind: Kind,
  build: Build,
  { again = false }: { again?: boolean } = {},
): Promise<void> {
  const subscriberId = context.subscriber.id;
  const suppressed = suppressedBecause(context.subscriber);
  if (suppressed) return recordSuppressedEmail(context.store.id, subscriberId, kind, suppressed);
  const claim = await claimSend(context.store.id, subscriberId, kind);
  if (claim.kind === "done") {
    if (again && claim.sendId) await deliverCopy(context, kind, claim.sendId, build);
    return;
  }
  if (claim.kind === "busy")
    throw new SendInProgress(`${kind} email to ${subscriberId} is being sent by another worker`);
  const holder = { sendId: claim.sendId, attempt: claim.attempt };
  const releaseLease = keepLeases(emailSends, [holder]);
  try {
    const message = await build(claim.sendId, claim.attempt);
    const sent = await sendStoreMail(context.settings, {
      to: recipientOf(context),
      ...message,
      ...subscriberHeaders(subscriberId, kind),
    });
    if (!(await markSent(emailSends, holder, sent.messageId)))
      logger().warn({ subscriberId, kind }, "email sent after another worker had taken the send over");
  } catch (error) {
    const reason = (error as Error).message;
    const refusal = recipientRefusal(error);
    const final = isPermanentSmtpFailure(error) || (refusal !== null && claim.attempt >= emailQueue.attempts);
    if (refusal) await recordRefusal(emailSends, { ...holder, subscriberId }, refusal, final);
    if (!final) {
      await markRetrying(holder, reason);
      throw error;
    }
    await markFailed(emailSends, holder, reason);
    logger().warn({ subscriberId, kind, err: error }, "email refused for good");
  } finally {
    releaseLease();
  }
}

/**
 * A copy of a message sent before: its links are tracked under the first send (whose rows stay), and a
 * 5xx answer is logged, not retried.
 */
async function deliverCopy(context: MailContext, kind: Kind, sendId: string, build: Build): Promise<void> {
  try {
    await sendStoreMail(context.settings, {
      to: recipientOf(context),
      ...(await build(sendId, 1)),
      ...subscriberHeaders(context.subscriber.id, kind, Date.now()),
    });
  } catch (error) {
    if (!isPermanentSmtpFailure(error)) throw error;
    const refusal = recipientRefusal(error);
    if (refusal)
      await recordRefusal(
        emailSends,
        { sendId, attempt: 1, subscriberId: context.subscriber.id },
        refusal,
        true,
      );
    logger().warn(
      { subscriberId: context.subscriber.id, kind, err: error },
      "email copy refused permanently",
    );
  }
}
