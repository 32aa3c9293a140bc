import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaigns } from "~/db/schema";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { trackLinksOfSends } from "~/services/email/click-tracking.server";
import { loadMailContexts, type MailContext } from "~/services/email/mail-context.server";
import { isPermanentSmtpFailure, sendStoreMail } from "~/services/email/store-mailer.server";
import {
  type CampaignDraft,
  type CampaignForMail,
  campaignMail,
  draftCampaignMessage,
} from "./campaign-message.server";
import {
  type ClaimedMessage,
  claimMessages,
  finishMessage,
  keepMessageLeases,
  markMessageSent,
  messagesLeft,
  retryMessageLater,
} from "./campaign-sends.server";
import { sendRateOf } from "./campaign-settings.server";
import { waitForSendSlot } from "./send-rate.server";

/** A temporary failure (4xx, connection lost) is tried this many times in all before it counts as failed. */
export const CAMPAIGN_MESSAGE_ATTEMPTS = 6;

type Ready = { message: ClaimedMessage; context: MailContext; draft: CampaignDraft };

/** The campaign while it is sending; null once paused, finished or deleted (its delivery stops). */
async function sendingCampaign(campaignId: string) {
  const [campaign] = await db()
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")));
  return campaign ?? null;
}

/**
 * Sends a campaign's due messages, a batch of about one second's worth at a time, until none is due or the
 * campaign is paused. Any number of these may run for one campaign (a rerun job, the sweep, several
 * workers): each message is claimed before it goes, and the store's rate is shared by all of them.
 */
export async function deliverCampaign(campaignId: string): Promise<void> {
  for (;;) {
    const campaign = await sendingCampaign(campaignId);
    if (!campaign) return;
    const rate = await sendRateOf(campaign.storeId);
    const batch = await claimMessages(campaignId, Math.min(200, rate));
    if (batch.length === 0) return finishIfDone(campaignId);
    await sendBatch(campaign, batch, rate);
  }
}

/**
 * Nothing due now: the campaign is sent once no message is left. Messages waiting for a retry's backoff or a
 * dead worker's lease are taken by the delivery the sweep starts (sweepCampaigns) when they are due.
 */
async function finishIfDone(campaignId: string): Promise<void> {
  if ((await messagesLeft(campaignId)) > 0) return;
  await db()
    .update(campaigns)
    .set({ status: "sent", finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")));
}

/** Why a claimed message is not to go at all: the address left the list after the campaign started. */
function skipReason(context: MailContext | undefined): string | null {
  if (!context) return "the subscriber was deleted";
  const { subscriber } = context;
  if (!subscriber.isActive || subscriber.unsubscribedAt) return "the subscriber unsubscribed";
  if (subscriber.confirmationRequired && !subscriber.confirmedAt) return "the subscription is not confirmed";
  return null;
}

async function sendBatch(
  campaign: CampaignForMail & { storeId: string },
  batch: ClaimedMessage[],
  rate: number,
) {
  const releaseLeases = keepMessageLeases(batch);
  try {
    const contexts = await loadMailContexts(batch.flatMap((message) => message.subscriberId ?? []));
    const ready: Ready[] = [];
    for (const message of batch) {
      const context = message.subscriberId ? contexts.get(message.subscriberId) : undefined;
      const reason = skipReason(context);
      if (!context || reason) await finishMessage(message, "skipped", reason);
      else ready.push({ message, context, draft: draftCampaignMessage(campaign, context, message.sendId) });
    }
    const links = await trackLinksOfSends(
      ready.map(({ message, context, draft }) => ({
        send: {
          campaignSendId: message.sendId,
          utmCampaign: campaign.slug,
          storeId: campaign.storeId,
          subscriberEmail: context.subscriber.email,
        },
        urls: draft.urls,
        replace: message.attempt > 1,
      })),
    );
    await Promise.all(
      ready.map(async (item, index) => {
        await waitForSendSlot(campaign.storeId, rate);
        await sendMessage(campaign, item, links[index] ?? new Map());
      }),
    );
  } finally {
    releaseLeases();
  }
}

/**
 * One message: recorded as sent once the server accepted it. A 5xx answer, or the last attempt, fails it
 * for good; another failure leaves it pending, tried again after a doubling backoff.
 */
async function sendMessage(
  campaign: CampaignForMail,
  { message, context, draft }: Ready,
  links: Map<string, string>,
) {
  let messageId: string;
  try {
    ({ messageId } = await sendStoreMail(
      context.settings,
      campaignMail(campaign, context, message.sendId, draft, links),
    ));
  } catch (error) {
    const reason = (error as Error).message;
    const log = {
      campaignId: campaign.id,
      campaignSendId: message.sendId,
      attempt: message.attempt,
      err: error,
    };
    if (isPermanentSmtpFailure(error) || message.attempt >= CAMPAIGN_MESSAGE_ATTEMPTS) {
      await finishMessage(message, "failed", reason);
      logger().warn(log, "campaign message failed for good");
    } else {
      await retryMessageLater(message, reason, env().CAMPAIGN_RETRY_SECONDS * 2 ** (message.attempt - 1));
      logger().info(log, "campaign message to be sent again later");
    }
    return;
  }
  if (!(await markMessageSent(message, messageId)))
    logger().warn(
      { campaignSendId: message.sendId },
      "campaign message sent after another worker took it over",
    );
}
