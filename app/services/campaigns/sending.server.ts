import { and, eq, lte, sql } from "drizzle-orm";
import { withBulkTurn } from "~/db/bulk.server";
import { type Db, db } from "~/db/client.server";
import { campaigns, emailSettings, stores } from "~/db/schema";
import { NO_POSTAL_ADDRESS, type SendCampaignInput } from "~/lib/schemas/campaign-sending";
import { conflict, notFound } from "~/server/domain-errors.server";
import { logger } from "~/server/logger.server";
import type { Actor } from "~/services/access/actor.server";
import { enqueue } from "../../../jobs/client";
import { countAudience } from "./audience.server";
import { type CampaignRow, getCampaign, requireCampaign } from "./crud.server";
import { freezeAudience } from "./sends.server";

/**
 * A campaign's life after the draft (docs/decisions/022): send starts it now (its audience frozen into
 * campaign_sends) or schedules it; cancel pauses a sending campaign or takes a scheduled one back to draft;
 * send resumes a paused one, mailing only whom it has not mailed yet.
 */

const SMTP_MISSING = "Set up the store's email (Settings → Email configuration) before sending";
const NO_AUDIENCE = "No subscriber matches this campaign's audience";

/** Starts (or keeps) the campaign's delivery: one job per campaign at a time, whoever asks. */
export function queueDelivery(campaignId: string): Promise<void> {
  return enqueue(
    "campaigns",
    { type: "deliver-campaign", campaignId },
    { jobId: `campaign-${campaignId}`, removeWhenDone: true },
  );
}

async function lockCampaign(tx: Db, campaignId: string): Promise<CampaignRow> {
  const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
  if (!current) throw notFound("Campaign not found");
  return current;
}

/** Freezes the audience and marks the campaign sending; an empty audience makes it sent at once. */
async function start(tx: Db, campaign: CampaignRow): Promise<"sending" | "sent"> {
  const recipients = await freezeAudience(tx, campaign);
  const status = recipients > 0 ? "sending" : "sent";
  await tx
    .update(campaigns)
    .set({
      status,
      scheduledAt: null,
      startedAt: sql`now()`,
      finishedAt: recipients > 0 ? null : sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(campaigns.id, campaign.id));
  return status;
}

async function assertStoreCanSend(storeId: string): Promise<void> {
  const [settings] = await db()
    .select({ isConfigured: emailSettings.isConfigured })
    .from(emailSettings)
    .where(eq(emailSettings.storeId, storeId));
  if (!settings?.isConfigured) throw conflict(SMTP_MISSING);
}

/** `send` now (from a draft, a scheduled or a paused campaign) or at `scheduledAt` (a draft or a scheduled one). */
export async function sendCampaign(
  actor: Actor,
  storeId: string,
  campaignId: string,
  input: SendCampaignInput,
) {
  const campaign = await requireCampaign(actor, storeId, campaignId);
  await assertStoreCanSend(campaign.storeId);
  if (!campaign.content.companyAddress.trim())
    throw conflict(NO_POSTAL_ADDRESS, { companyAddress: NO_POSTAL_ADDRESS });
  if (campaign.status !== "paused" && (await countAudience(campaign.storeId, campaign.audience)) === 0)
    throw conflict(NO_AUDIENCE);
  // Starting freezes the audience (up to every subscriber of the store): bulk work, in the organization's turn.
  const outcome = await withBulkTurn(actor.organizationId, ({ db: bulk }) =>
    bulk.transaction(async (tx) => {
      const current = await lockCampaign(tx, campaign.id);
      const { status } = current;
      if (input.scheduledAt) {
        if (status !== "draft" && status !== "scheduled")
          throw conflict(`Only a draft campaign can be scheduled; this one is ${status}`);
        await tx
          .update(campaigns)
          .set({ status: "scheduled", scheduledAt: new Date(input.scheduledAt), updatedAt: sql`now()` })
          .where(eq(campaigns.id, current.id));
        return "scheduled" as const;
      }
      if (status === "paused") {
        await tx
          .update(campaigns)
          .set({ status: "sending", updatedAt: sql`now()` })
          .where(eq(campaigns.id, current.id));
        return "sending" as const;
      }
      if (status !== "draft" && status !== "scheduled") throw conflict(`This campaign is already ${status}`);
      return start(tx, current);
    }),
  );
  if (outcome === "sending") await queueDelivery(campaign.id);
  if (outcome === "scheduled" && input.scheduledAt) {
    const at = Date.parse(input.scheduledAt);
    await enqueue(
      "campaigns",
      { type: "start-campaign", campaignId: campaign.id },
      { jobId: `campaign-start-${campaign.id}-${at}`, delayMs: at - Date.now(), removeWhenDone: true },
    );
  }
  return getCampaign(actor, storeId, campaign.id);
}

/** Pauses a sending campaign (send resumes it) or takes a scheduled one back to draft. */
export async function cancelCampaign(actor: Actor, storeId: string, campaignId: string) {
  const campaign = await requireCampaign(actor, storeId, campaignId);
  await db().transaction(async (tx) => {
    const { status } = await lockCampaign(tx, campaign.id);
    if (status !== "sending" && status !== "scheduled")
      throw conflict(`Only a sending or scheduled campaign can be cancelled; this one is ${status}`);
    await tx
      .update(campaigns)
      .set(
        status === "sending"
          ? { status: "paused", updatedAt: sql`now()` }
          : { status: "draft", scheduledAt: null, updatedAt: sql`now()` },
      )
      .where(eq(campaigns.id, campaign.id));
  });
  return getCampaign(actor, storeId, campaign.id);
}

/** A scheduled campaign whose time has come starts (unless it was cancelled or moved meanwhile). */
export async function startScheduledCampaign(campaignId: string): Promise<void> {
  const [owner] = await db()
    .select({ organizationId: stores.organizationId })
    .from(campaigns)
    .innerJoin(stores, eq(stores.id, campaigns.storeId))
    .where(eq(campaigns.id, campaignId));
  if (!owner) return;
  const outcome = await withBulkTurn(owner.organizationId, ({ db: bulk }) =>
    bulk.transaction(async (tx) => {
      const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
      if (
        current?.status !== "scheduled" ||
        !current.scheduledAt ||
        current.scheduledAt.getTime() > Date.now()
      )
        return null;
      return start(tx, current);
    }),
  );
  if (outcome === "sending") await queueDelivery(campaignId);
  if (outcome) logger().info({ campaignId, outcome }, "scheduled campaign started");
}

/**
 * Every few seconds (jobs/schedules.ts): starts the scheduled campaigns that are due and keeps a delivery
 * going for each sending campaign, so neither a lost delayed job nor a dead worker stops a campaign.
 */
export async function sweepCampaigns(): Promise<void> {
  const due = await db()
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.scheduledAt, sql`now()`)));
  for (const { id } of due) await startScheduledCampaign(id);
  const sending = await db()
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.status, "sending"));
  for (const { id } of sending) await queueDelivery(id);
}
