import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { campaignSends, campaigns } from "~/db/schema";
import { env } from "~/server/env.server";
import type { MailContext } from "~/services/email/mail-context.server";
import { claimBatch, type OutboxKind, sendBatch } from "~/services/email/outbox.server";
import { type CampaignForMail, campaignMail, draftCampaignMessage } from "./message.server";
import { waitForSendSlot } from "./send-rate.server";
import { messagesLeft, skipMessage } from "./sends.server";
import { sendRateOf } from "./settings.server";

/** A temporary failure (4xx, connection lost) is tried this many times in all before it counts as failed. */
const CAMPAIGN_MESSAGE_ATTEMPTS = 6;

/** The campaign while it is sending; null once paused, finished or deleted (its delivery stops). */
async function sendingCampaign(campaignId: string) {
  const [campaign] = await db()
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "sending")));
  return campaign ?? null;
}

/**
 * Sends a campaign's due messages through the outbox, a batch of about one second's worth at a time, until
 * none is due or the campaign is paused. Any number of these may run for one campaign (a rerun job, the
 * sweep, several workers): each message is claimed before it goes, and the store's rate is shared by all.
 */
export async function deliverCampaign(campaignId: string): Promise<void> {
  for (;;) {
    const campaign = await sendingCampaign(campaignId);
    if (!campaign) return;
    const rate = await sendRateOf(campaign.storeId);
    const kind = campaignKind(campaign, rate);
    const batch = await claimBatch(kind, Math.min(200, rate));
    if (batch.length === 0) return finishIfDone(campaignId);
    await sendBatch(kind, batch);
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
function skipReason({ subscriber }: MailContext): string | null {
  if (!subscriber.isActive || subscriber.unsubscribedAt) return "the subscriber unsubscribed";
  if (subscriber.confirmationRequired && !subscriber.confirmedAt) return "the subscription is not confirmed";
  return null;
}

/**
 * A campaign's messages in the outbox: one that is not to go is recorded as skipped, each waits for the
 * store's send rate, and a temporary failure is tried again after a doubling backoff.
 */
function campaignKind(campaign: CampaignForMail & { storeId: string }, rate: number): OutboxKind {
  return {
    name: "campaign message",
    about: { campaignId: campaign.id },
    table: campaignSends,
    rows: eq(campaignSends.campaignId, campaign.id),
    missing: "the subscriber was deleted",
    skip: skipReason,
    recordSkip: skipMessage,
    draft: (claim, context) => draftCampaignMessage(campaign, context, claim.sendId),
    trackedAs: (claim) => ({ campaignSendId: claim.sendId, utmCampaign: campaign.slug }),
    render: (claim, context, draft, links) => campaignMail(campaign, context, claim.sendId, draft, links),
    beforeSend: () => waitForSendSlot(campaign.storeId, rate),
    retries: { attempts: CAMPAIGN_MESSAGE_ATTEMPTS, firstDelaySeconds: env().CAMPAIGN_RETRY_SECONDS },
  };
}
