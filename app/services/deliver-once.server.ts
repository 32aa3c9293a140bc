import type { SendMailOptions } from "nodemailer";
import { env } from "~/lib/env.server";
import { claimSend, keepLease, markFailed, markSent, SendInProgress } from "./email-sends.server";
import { logger } from "./logger.server";
import { type MailContext, recipientOf } from "./mail-context.server";
import { isPermanentSmtpFailure, sendStoreMail } from "./store-mailer.server";
import { unsubscribeUrl } from "./subscriber-links.server";

type Kind = "welcome" | "confirmation";

/** The List-Unsubscribe pair of RFC 8058, a stable Message-ID (receivers drop duplicates) and priority. */
function subscriberHeaders(subscriberId: string, kind: Kind) {
  return {
    messageId: `<${kind}.${subscriberId}@${new URL(env().APP_URL).hostname}>`,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl(subscriberId)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "X-Priority": "1",
      Importance: "high",
    },
  };
}

/**
 * Sends one (subscriber, kind) message through the store's own SMTP, exactly once: the send row is
 * claimed first, and its lease renewed while the send runs, so a retried, stalled or duplicated job
 * finds it taken or done. A 5xx answer is recorded as failed and not retried; any other failure is
 * thrown for the queue to retry.
 */
export async function deliverOnce(
  context: MailContext,
  kind: Kind,
  build: (sendId: string, attempt: number) => Promise<Pick<SendMailOptions, "subject" | "html" | "text">>,
): Promise<void> {
  const subscriberId = context.subscriber.id;
  const claim = await claimSend(context.store.id, subscriberId, kind);
  if (claim.kind === "done") return;
  if (claim.kind === "busy")
    throw new SendInProgress(`${kind} email to ${subscriberId} is being sent by another worker`);
  const holder = { sendId: claim.sendId, attempt: claim.attempt };
  const releaseLease = keepLease(holder);
  try {
    const message = await build(claim.sendId, claim.attempt);
    const sent = await sendStoreMail(context.settings, {
      to: recipientOf(context),
      ...message,
      ...subscriberHeaders(subscriberId, kind),
    });
    if (!(await markSent(holder, sent.messageId)))
      logger().warn({ subscriberId, kind }, "email sent after another worker had taken the send over");
  } catch (error) {
    const permanent = isPermanentSmtpFailure(error);
    await markFailed(holder, (error as Error).message, permanent);
    if (!permanent) throw error;
    logger().warn({ subscriberId, kind, err: error }, "email refused permanently");
  } finally {
    releaseLease();
  }
}
