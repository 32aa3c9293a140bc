import type { SQL } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { logger } from "~/server/logger.server";
import { type TrackedMessage, trackLinksOfSends } from "./click-tracking.server";
import {
  type ClaimedSend,
  claimDue,
  keepLeases,
  markFailed,
  markSent,
  type SendTable,
  sendLater,
} from "./leases.server";
import { loadMailContexts, type MailContext, recipientOf } from "./mail-context.server";
import type { RenderVariables } from "./merge-tags.server";
import { isPermanentSmtpFailure, sendStoreMail } from "./store-mailer.server";
import { recipientRefusal, recordRefusal, suppressedBecause } from "./suppression.server";

/**
 * The outbox: messages written down ahead of time as rows of a table of sends (a welcome email pending
 * with its new subscriber, a campaign's audience frozen when it starts), sent by workers in batches. Each
 * row is claimed with a lease before its message goes, and the batch's leases are renewed while it runs
 * (leases.server.ts), so a message goes once whatever happens to the workers: a killed worker's rows are
 * claimed again when their lease lapses. A batch is loaded in one query, each send skipped (and recorded
 * as such) or drafted, its links tracked in one insert, sent over the store's pooled transport, and
 * recorded as sent together. What a kind of message does differently is its OutboxKind.
 */

/** A message before its links are tracked: its merge-tag values, and the links to track. */
export type MailDraft = { vars: RenderVariables; urls: string[] };

/** What one kind of message (the welcome email, a campaign's message) plugs into the outbox. */
export type OutboxKind = {
  /** The kind in log lines: "welcome email". */
  name: string;
  /** Fields every log line about it carries besides the send's own (its campaign). */
  about?: Record<string, unknown>;
  /** The table its sends are rows of, and the rows of that table that are this kind's. */
  table: SendTable;
  rows: SQL;
  /** Why a send whose subscriber or store could not be loaded (deleted meanwhile) does not go. */
  missing: string;
  /** Why a loaded send is not to go at all (the subscriber left the list), or null to send it. */
  skip(context: MailContext): string | null;
  /** Records a send that does not go, once its reason is logged: the row deleted, or marked skipped. */
  recordSkip(claim: ClaimedSend, reason: string): Promise<void>;
  /**
   * Records a send that does not go because its address bounced or complained (docs/decisions/173), when
   * recordSkip would not keep its reason; recordSkip otherwise.
   */
  recordSuppressed?(claim: ClaimedSend, reason: string): Promise<void>;
  /**
   * Why a loaded send cannot go yet but must not be dropped (the store's email is not set up), or null; such
   * a send is logged and recorded by `recordHold` (held until the merchant sends it).
   */
  hold?(context: MailContext): string | null;
  recordHold?(claim: ClaimedSend, reason: string): Promise<void>;
  /** The message to one subscriber before its links are tracked. */
  draft(claim: ClaimedSend, context: MailContext): MailDraft;
  /** The message its tracked links are counted under. */
  trackedAs(claim: ClaimedSend): TrackedMessage;
  /** The message as it goes (its recipient aside), each tracked link replaced by its /t/ address. */
  render(
    claim: ClaimedSend,
    context: MailContext,
    draft: MailDraft,
    links: Map<string, string>,
  ): Omit<SendMailOptions, "to">;
  /** Waits before each message goes: the store's send rate, when the kind has one. */
  beforeSend?: () => Promise<void>;
  /** Tries a temporary failure (4xx, connection lost) gets in all; the first retry waits `firstDelaySeconds`, each next twice as long. */
  retries: { attempts: number; firstDelaySeconds: number };
};

type Ready = { claim: ClaimedSend; context: MailContext; draft: MailDraft };

const logFields = (kind: OutboxKind, claim: ClaimedSend) => ({
  ...kind.about,
  sendId: claim.sendId,
  storeId: claim.storeId,
  subscriberId: claim.subscriberId,
  attempt: claim.attempt,
});

/** Claims up to `limit` of the kind's due sends, each with a lease (claimDue). */
export function claimBatch(kind: OutboxKind, limit: number): Promise<ClaimedSend[]> {
  return claimDue(kind.table, kind.rows, limit);
}

/** Sends a claimed batch, its leases kept alive until every message of it is recorded. */
export async function sendBatch(kind: OutboxKind, batch: ClaimedSend[]): Promise<void> {
  const releaseLeases = keepLeases(kind.table, batch);
  try {
    const ready = await draftBatch(kind, batch);
    const links = await trackLinksOfSends(
      ready.map(({ claim, context, draft }) => ({
        send: { ...kind.trackedAs(claim), storeId: claim.storeId, subscriberEmail: context.subscriber.email },
        urls: draft.urls,
        replace: claim.attempt > 1,
      })),
    );
    await Promise.all(
      ready.map(async (item, index) => {
        await kind.beforeSend?.();
        await sendOne(kind, item, links[index] ?? new Map());
      }),
    );
  } finally {
    releaseLeases();
  }
}

/** The batch's messages that go, drafted; every other send is logged and recorded with its reason. */
async function draftBatch(kind: OutboxKind, batch: ClaimedSend[]): Promise<Ready[]> {
  const contexts = await loadMailContexts(batch.flatMap((claim) => claim.subscriberId ?? []));
  const ready: Ready[] = [];
  for (const claim of batch) {
    const context = claim.subscriberId ? contexts.get(claim.subscriberId) : undefined;
    const suppressed = context ? suppressedBecause(context.subscriber) : null;
    const reason = context ? kind.skip(context) : kind.missing;
    const holdReason = context && !reason ? (kind.hold?.(context) ?? null) : null;
    if (suppressed) await suppressSend(kind, claim, suppressed);
    else if (reason) await skipSend(kind, claim, reason);
    else if (holdReason) await holdSend(kind, claim, holdReason);
    else if (context) ready.push({ claim, context, draft: kind.draft(claim, context) });
  }
  return ready;
}

/** A send that does not go is never dropped silently: its reason is logged, then recorded as the kind does. */
async function skipSend(kind: OutboxKind, claim: ClaimedSend, reason: string): Promise<void> {
  logger().info({ ...logFields(kind, claim), reason }, `${kind.name} not sent`);
  await kind.recordSkip(claim, reason);
}

/** A send to a suppressed address is recorded with why, whatever else would have kept it from going. */
async function suppressSend(kind: OutboxKind, claim: ClaimedSend, reason: string): Promise<void> {
  logger().info({ ...logFields(kind, claim), reason }, `${kind.name} suppressed`);
  await (kind.recordSuppressed ?? kind.recordSkip)(claim, reason);
}

/** A send that cannot go yet is kept, never dropped: logged as a warning, then recorded as the kind does. */
async function holdSend(kind: OutboxKind, claim: ClaimedSend, reason: string): Promise<void> {
  logger().warn({ ...logFields(kind, claim), reason }, `${kind.name} held`);
  await kind.recordHold?.(claim, reason);
}

/** One message: recorded as sent once the server accepted it, else its failure is (recordFailure). */
async function sendOne(kind: OutboxKind, { claim, context, draft }: Ready, links: Map<string, string>) {
  let messageId: string;
  try {
    ({ messageId } = await sendStoreMail(context.settings, {
      to: recipientOf(context),
      ...kind.render(claim, context, draft, links),
    }));
  } catch (error) {
    await recordFailure(kind, claim, error);
    return;
  }
  if (!(await markSent(kind.table, claim, messageId)))
    logger().warn(logFields(kind, claim), `${kind.name} sent after another worker had taken the send over`);
}

/**
 * A 5xx answer, or the last try, fails the send for good; another failure leaves it pending, to try later.
 * A refusal of the recipient then counts against the address (recordRefusal).
 */
async function recordFailure(kind: OutboxKind, claim: ClaimedSend, error: unknown): Promise<void> {
  const reason = (error as Error).message;
  const log = { ...logFields(kind, claim), err: error };
  const { attempts, firstDelaySeconds } = kind.retries;
  const final = isPermanentSmtpFailure(error) || claim.attempt >= attempts;
  if (final) {
    await markFailed(kind.table, claim, reason);
    logger().warn(log, `${kind.name} failed for good`);
  } else {
    await sendLater(kind.table, claim, reason, firstDelaySeconds * 2 ** (claim.attempt - 1));
    logger().info(log, `${kind.name} to be sent again later`);
  }
  const refusal = recipientRefusal(error);
  if (refusal) await recordRefusal(kind.table, claim, refusal, final);
}
