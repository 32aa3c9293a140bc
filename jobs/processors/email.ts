import { logger } from "~/server/logger.server";
import { INVITE_TOKEN_TTL_MS, issuePasswordResetLink } from "~/services/access/auth.server";
import { type SystemMessage, sendSystemMail, usesOutbox } from "~/services/email/system-mailer.server";
import { memberInviteMail, passwordResetMail } from "~/services/email/system-messages.server";
import { sendNotificationAddressConfirmation } from "~/services/notifications/address.server";
import {
  checkUnsubscribeRate,
  sendDailySummaries,
  sendSubscriberDigest,
} from "~/services/notifications/digests.server";
import {
  sendConfirmationEmail,
  sendPendingWelcomeEmails,
  sendWelcomeEmail,
} from "~/services/subscribers/after-subscribe.server";
import type { EmailJob } from "../payloads";

/** Issues a set-password link (the token is created here, never carried by the job) and mails it. */
async function sendLinkMail(
  userId: string,
  ttlMs: number | undefined,
  build: (to: string, link: string) => SystemMessage,
) {
  const issued = await issuePasswordResetLink(userId, ttlMs);
  if (!issued) return;
  await sendSystemMail(build(issued.email, issued.link));
  // Without SMTP the developer reads the link from the log (the .eml file holds it too).
  if (usesOutbox()) logger().info({ to: issued.email, link: issued.link }, "set-password link");
}

export async function processEmailJob(job: EmailJob): Promise<void> {
  switch (job.type) {
    case "password-reset":
      return sendLinkMail(job.userId, undefined, passwordResetMail);
    case "member-invite":
      return sendLinkMail(job.userId, INVITE_TOKEN_TTL_MS, (to, link) =>
        memberInviteMail(to, link, job.invitedBy),
      );
    case "welcome":
      return sendWelcomeEmail(job.subscriberId, job.again);
    case "confirmation":
      return sendConfirmationEmail(job.subscriberId, job.again);
    case "send-pending-welcomes":
      return sendPendingWelcomeEmails();
    case "subscriber-digest":
      return sendSubscriberDigest(job.storeId);
    case "unsubscribe-check":
      return checkUnsubscribeRate(job.storeId);
    case "daily-summary":
      return sendDailySummaries();
    case "notification-address-confirmation":
      return sendNotificationAddressConfirmation(job.userId);
  }
}
