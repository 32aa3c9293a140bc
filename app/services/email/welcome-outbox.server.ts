import { setTimeout as sleep } from "node:timers/promises";
import { eq, type SQL, sql } from "drizzle-orm";
import { emailSends, emailSettings, emailTemplates } from "~/db/schema";
import { EMAIL_NOT_SET_UP, NO_POSTAL_ADDRESS, welcomeHoldReason } from "~/lib/schemas/held-emails";
import { coalesced } from "~/server/coalesce.server";
import { logger } from "~/server/logger.server";
import { redis } from "~/server/redis.server";
import { enqueue } from "../../../jobs/client";
import { emailQueue } from "../../../jobs/queues/email.config";
import { subscriberHeaders } from "./deliver-once.server";
import type { MailContext } from "./mail-context.server";
import { claimBatch, type OutboxKind, sendBatch } from "./outbox.server";
import { dropSend, holdClaimedSend, suppressClaimedSend } from "./sends.server";
import { draftWelcomeEmail, renderWelcomeDraft } from "./welcome.server";

/**
 * The welcome email's outbox: a new subscriber's welcome email is written as a pending email_sends row in
 * the statement that stores the subscriber (pendingWelcomes: a subscription, an import), and workers send
 * the pending rows in batches (outbox.server.ts). A wake-up job per burst of subscriptions starts a worker
 * at once, and a sweep every few seconds (jobs/schedules.ts) sends whatever a lost wake-up or a dead worker
 * left behind.
 */

/** Welcome emails claimed per statement, and batches in flight per wake-up. */
const BATCH_SIZE = 50;
const LANES = 2;

/** The least time between two wake-up jobs on Redis: under load, a few jobs a second rather than hundreds. */
const WAKE_SPACING_MS = 50;

/**
 * The statement (a CTE of the caller's) that leaves a welcome email pending for each subscriber the CTE
 * `from` returns (its `id` and `store_id` columns) when `when` holds: written with the subscriber, so a
 * stored subscriber cannot lose it. A store whose email is not set up, or that has no postal address, gets
 * it held at once (held.server.ts, welcomeHoldReason), in the same statement: nothing changes after the
 * answer, and the dashboard counts it from the start.
 */
export function pendingWelcomes(from: string, when: SQL): SQL {
  const rows = sql.identifier(from);
  return sql`insert into ${emailSends} (store_id, subscriber_id, kind, status, attempts, error)
    select store_id, id, 'welcome', case when hold is null then 'pending' else 'held' end::email_send_status,
      0, hold
    from (select ${rows}.store_id, ${rows}.id, case
        when not exists (select 1 from ${emailSettings}
          where ${emailSettings.storeId} = ${rows}.store_id and ${emailSettings.isConfigured}) then ${EMAIL_NOT_SET_UP}
        when not exists (select 1 from ${emailTemplates}
          where ${emailTemplates.storeId} = ${rows}.store_id and ${emailTemplates.companyAddress} ~ '\\S')
          then ${NO_POSTAL_ADDRESS}
        end as hold
      from ${rows} where ${when}) as welcomed`;
}

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

/**
 * The welcome email in the outbox: one that is not to go leaves no row (its reason is logged); one the store
 * cannot send yet (no SMTP settings, no postal address) is held (held.server.ts); a temporary failure is tried again as often,
 * and after the same backoff, as the email queue's jobs.
 */
function welcomeKind(skipReason: SkipReason): OutboxKind {
  return {
    name: "welcome email",
    table: emailSends,
    rows: eq(emailSends.kind, "welcome"),
    missing: "the store cannot send email",
    skip: skipReason,
    recordSkip: dropSend,
    recordSuppressed: suppressClaimedSend,
    hold: (context) =>
      welcomeHoldReason({
        emailConfigured: context.settings.isConfigured,
        companyAddress: context.template.companyAddress,
      }),
    recordHold: holdClaimedSend,
    draft: (_claim, context) => draftWelcomeEmail(context),
    trackedAs: (claim) => ({ sendId: claim.sendId }),
    render: (_claim, context, draft, links) => ({
      ...renderWelcomeDraft(context, draft, links),
      ...subscriberHeaders(context.subscriber.id, "welcome"),
    }),
    retries: { attempts: emailQueue.attempts, firstDelaySeconds: emailQueue.backoffMs / 1000 },
  };
}

/** Sends pending welcome emails until none is due, LANES batches at a time. */
export async function drainWelcomeOutbox(skipReason: SkipReason): Promise<void> {
  const welcome = welcomeKind(skipReason);
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      for (let batch = await claimBatch(welcome, BATCH_SIZE); batch.length > 0; ) {
        await sendBatch(welcome, batch);
        batch = await claimBatch(welcome, BATCH_SIZE);
      }
    }),
  );
}
