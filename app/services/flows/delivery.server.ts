import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { flowRuns, flowSends, flows } from "~/db/schema";
import { quietUntil } from "~/lib/quiet-hours";
import type { EmailStep } from "~/lib/schemas/flows";
import { env } from "~/server/env.server";
import { type CampaignForMail, campaignMail, withCampaignCode } from "~/services/campaigns/message.server";
import { campaignLinksIn } from "~/services/campaigns/render.server";
import { waitForSendSlot } from "~/services/campaigns/send-rate.server";
import { quietHoursOf, sendRateOf } from "~/services/campaigns/settings.server";
import type { ClaimedSend } from "~/services/email/leases.server";
import { heldBy } from "~/services/email/leases.server";
import type { MailContext } from "~/services/email/mail-context.server";
import { mailVariables } from "~/services/email/merge-tags.server";
import { claimBatch, type MailDraft, type OutboxKind, sendBatch } from "~/services/email/outbox.server";

/**
 * A flow's emails through the product's outbox (services/email/outbox.server.ts), as a campaign's go: claimed
 * with a lease, paced by the store's send rate (shared with its campaigns), recorded sent once. A paused
 * flow's messages wait in the outbox with its runs, and so does every flow message during the store's quiet
 * hours (one written just before they began, or still queued behind the send rate).
 */

/** Tries for a temporary failure, as a campaign message gets. */
const FLOW_MESSAGE_ATTEMPTS = 6;

/** What one claimed send is: its step's email as a campaign-like message, and the run's checkout link. */
type FlowMessage = { mail: CampaignForMail; checkoutUrl: string | null };

/**
 * The checkout's recovery link with the subscriber's code applied: Shopify's /discount/CODE path applies a
 * code and then redirects to the path given, on the shop's own domain.
 */
export function checkoutLink(recoveryUrl: string, code: string): string {
  const recovery = new URL(recoveryUrl);
  if (!code) return recovery.toString();
  const link = new URL(`/discount/${encodeURIComponent(code)}`, recovery.origin);
  link.searchParams.set("redirect", `${recovery.pathname}${recovery.search}`);
  return link.toString();
}

export const asMail = (flow: { id: string; name: string }, step: EmailStep): CampaignForMail => ({
  id: flow.id,
  name: flow.name,
  slug: `flow-${flow.id.slice(0, 8)}`,
  subject: step.subject,
  preheader: step.preheader,
  fromName: step.fromName,
  discountCode: step.discountCode,
  content: step.content,
});

/** The message of each claimed send whose step is still in its flow. */
async function messagesOf(batch: ClaimedSend[]): Promise<Map<string, FlowMessage>> {
  const rows = await db()
    .select({
      sendId: flowSends.id,
      stepId: flowSends.stepId,
      flow: { id: flows.id, name: flows.name, steps: flows.steps },
      checkoutUrl: flowRuns.checkoutUrl,
    })
    .from(flowSends)
    .innerJoin(flows, eq(flows.id, flowSends.flowId))
    .innerJoin(flowRuns, eq(flowRuns.id, flowSends.runId))
    .where(
      inArray(
        flowSends.id,
        batch.map((claim) => claim.sendId),
      ),
    );
  const messages = new Map<string, FlowMessage>();
  for (const row of rows) {
    const step = row.flow.steps.find((candidate) => candidate.id === row.stepId);
    if (step?.type === "email")
      messages.set(row.sendId, { mail: asMail(row.flow, step), checkoutUrl: row.checkoutUrl });
  }
  return messages;
}

/** The message's merge-tag values (the shop link is the checkout's, for a checkout's run) and links to track. */
function draftFlowMessage(message: FlowMessage, context: MailContext): MailDraft {
  const vars = withCampaignCode(
    mailVariables(context, { language: context.languages.popup }),
    message.mail.discountCode,
  );
  if (message.checkoutUrl) vars.storeUrl = checkoutLink(message.checkoutUrl, vars.discountCode);
  const urls = context.preferences.enableAnalytics ? campaignLinksIn(message.mail.content, vars) : [];
  return { vars, urls };
}

async function skipMessage(claim: ClaimedSend, reason: string): Promise<void> {
  await db()
    .update(flowSends)
    .set({ status: "skipped", error: reason, lockedUntil: null })
    .where(heldBy(flowSends, claim));
}

/** Why a claimed message is not to go: the address left the list after the run wrote it. */
function skipReason({ subscriber }: MailContext): string | null {
  if (!subscriber.isActive || subscriber.unsubscribedAt) return "the subscriber unsubscribed";
  return null;
}

/** The store's flow messages in the outbox: those of live flows only. */
function flowKind(storeId: string, rate: number, messages: Map<string, FlowMessage>): OutboxKind {
  const message = (claim: ClaimedSend) => {
    const found = messages.get(claim.sendId);
    if (!found) throw new Error(`flow message ${claim.sendId} was not loaded`);
    return found;
  };
  return {
    name: "flow message",
    about: { storeId },
    table: flowSends,
    rows: and(
      eq(flowSends.storeId, storeId),
      sql`exists (select 1 from ${flows} where ${flows.id} = ${flowSends.flowId} and ${flows.status} = 'live')`,
    ) as ReturnType<typeof sql>,
    missing: "the subscriber was deleted",
    skip: skipReason,
    recordSkip: skipMessage,
    draft: (claim, context) => draftFlowMessage(message(claim), context),
    trackedAs: (claim) => ({ flowSendId: claim.sendId, utmCampaign: message(claim).mail.slug }),
    render: (claim, context, draft, links) =>
      campaignMail(message(claim).mail, context, claim.sendId, draft, links),
    beforeSend: () => waitForSendSlot(storeId, rate),
    retries: { attempts: FLOW_MESSAGE_ATTEMPTS, firstDelaySeconds: env().CAMPAIGN_RETRY_SECONDS },
  };
}

/** Stores with flow messages due now. */
async function storesWithDueMessages(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ storeId: flowSends.storeId })
    .from(flowSends)
    .where(
      sql`(${flowSends.status} = 'pending' and (${flowSends.lockedUntil} is null or ${flowSends.lockedUntil} <= now()))
        or (${flowSends.status} = 'sending' and ${flowSends.lockedUntil} < now())`,
    );
  return rows.map((row) => row.storeId);
}

/**
 * Sends one store's due flow messages, a batch of about a second's worth at a time, until none is due or its
 * quiet hours begin (on the sweep's clock, which goes on while it sends).
 */
async function deliverStore(storeId: string, clock: () => Date): Promise<void> {
  for (;;) {
    if (quietUntil(clock(), await quietHoursOf(storeId))) return;
    const rate = await sendRateOf(storeId);
    const messages = new Map<string, FlowMessage>();
    const kind = flowKind(storeId, rate, messages);
    const batch = await claimBatch(kind, Math.min(200, rate));
    if (batch.length === 0) return;
    for (const [sendId, message] of await messagesOf(batch)) messages.set(sendId, message);
    const removed = batch.filter((claim) => !messages.has(claim.sendId));
    for (const claim of removed) await skipMessage(claim, "the step was removed from the flow");
    await sendBatch(
      kind,
      batch.filter((claim) => messages.has(claim.sendId)),
    );
  }
}

/**
 * Sends every store's due flow messages; any number of these may run at once (each message is claimed). `now`
 * is the sweep's clock (tests move it on).
 */
export async function deliverFlowMessages(now = new Date()): Promise<void> {
  const ahead = now.getTime() - Date.now();
  const clock = () => new Date(Date.now() + ahead);
  await Promise.all((await storesWithDueMessages()).map((storeId) => deliverStore(storeId, clock)));
}
