import { and, eq, getTableName, inArray, type Placeholder, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { prepared } from "~/db/prepared.server";
import type { campaignSends, emailSends, flowSends } from "~/db/schema";
import { coalesced } from "~/server/coalesce.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";

/**
 * Sends held with a lease, in any table of sends: email_sends (a subscriber's welcome or confirmation
 * email), campaign_sends (a campaign's message) and flow_sends (a flow email step's message). A claim raises the row's attempt number and sets its
 * lease; every later write checks that the row is still held by that claim, so a worker whose lease lapsed
 * (its send taken over by another worker) changes nothing.
 */

/** A table of sends: one row per message, with its status, lease (locked_until) and attempt number. */
export type SendTable = typeof emailSends | typeof campaignSends | typeof flowSends;

/**
 * How long a claim lasts without renewal: short enough to recover a killed worker's send soon; a live
 * worker renews it while its send runs (keepLeases), so a slow SMTP server does not make it lapse.
 */
export const leaseSeconds = () => env().EMAIL_SEND_LEASE_SECONDS;

export const leaseFromNow = (seconds: Placeholder | number) =>
  sql`now() + make_interval(secs => ${seconds}::int)`;

/**
 * The worker that claimed a send: the row and its attempt number, which every later claim increases.
 * `attempt` 1 is a first claim: nothing of an earlier try (tracking rows) can exist yet.
 */
export type Holder = { sendId: string; attempt: number };

/** A send claimed from the outbox: its holder, its store and whom it goes to (null once they were deleted). */
export type ClaimedSend = Holder & { storeId: string; subscriberId: string | null };

/** Rows a worker may take: pending and due, or sending with a lapsed lease (their worker died). */
const due = (table: SendTable) =>
  sql`((${table.status} = 'pending' and (${table.lockedUntil} is null or ${table.lockedUntil} <= now()))
    or (${table.status} = 'sending' and ${table.lockedUntil} < now()))`;

/**
 * Claims up to `limit` due rows of the table that `rows` picks, in one statement. Rows another worker is
 * claiming are skipped, not waited for.
 */
export async function claimDue(table: SendTable, rows: SQL, limit: number): Promise<ClaimedSend[]> {
  const picked = db()
    .select({ id: table.id })
    .from(table)
    .where(and(rows, due(table)))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db()
    .update(table)
    .set({
      status: "sending",
      lockedUntil: leaseFromNow(leaseSeconds()),
      attempts: sql`${table.attempts} + 1`,
    })
    .where(inArray(table.id, picked))
    .returning({
      sendId: table.id,
      attempt: table.attempts,
      storeId: table.storeId,
      subscriberId: table.subscriberId,
    });
}

/** The row while this claim is the current one (no other worker claimed it since). */
export const heldBy = (table: SendTable, holder: Holder) =>
  and(eq(table.id, holder.sendId), eq(table.attempts, holder.attempt), eq(table.status, "sending"));

/** The holders as one JSON parameter (one statement for many sends; read by jsonb_to_recordset). */
const holdersJson = (holders: (Holder & { messageId?: string })[]) =>
  JSON.stringify(
    holders.map(({ sendId, attempt, messageId }) => ({ id: sendId, attempt, message_id: messageId })),
  );

const heldRows = sql`jsonb_to_recordset(${sql.placeholder("holders")}::jsonb) as held(id uuid, attempt int, message_id text)`;
const isHeld = (table: SendTable) =>
  sql`${table.id} = held.id and ${table.attempts} = held.attempt and ${table.status} = 'sending'`;

const renewStatement = (table: SendTable) => {
  const name = `${getTableName(table)}_renew_lease`;
  return prepared(name, (database) =>
    database
      .update(table)
      .set({ lockedUntil: leaseFromNow(sql.placeholder("leaseSeconds")) })
      .from(heldRows)
      .where(isHeld(table))
      .returning({ id: table.id })
      .prepare(name),
  );
};

/**
 * Renews the holders' leases (one statement) every third of their term until the returned function is
 * called, so a send slower than the lease (a slow SMTP server, a loaded machine) is not claimed and sent
 * again by another worker. A failed renewal is tried again at the next tick, two ticks before the lease
 * would lapse; renewal stops once no lease is held any more.
 */
export function keepLeases(table: SendTable, holders: Holder[]): () => void {
  const about = { table: getTableName(table), sendIds: holders.map((holder) => holder.sendId) };
  const renew = async () =>
    (await renewStatement(table).execute({ holders: holdersJson(holders), leaseSeconds: leaseSeconds() }))
      .length;
  const timer = setInterval(
    () => {
      renew()
        .then((renewed) => {
          if (renewed > 0) return;
          clearInterval(timer);
          logger().warn(about, "send lease no longer held");
        })
        .catch((error: unknown) => logger().warn({ ...about, err: error }, "send lease not renewed"));
    },
    (leaseSeconds() * 1000) / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}

const markSentStatement = (table: SendTable) => {
  const name = `${getTableName(table)}_mark_sent`;
  return prepared(name, (database) =>
    database
      .update(table)
      .set({
        status: "sent",
        sentAt: sql`now()`,
        messageId: sql`held.message_id`,
        lockedUntil: null,
        error: null,
      })
      .from(heldRows)
      .where(isHeld(table))
      .returning({ id: table.id })
      .prepare(name),
  );
};

type Delivered = Holder & { messageId: string; taken: () => void };

/** Sends delivered meanwhile, recorded together: one statement per table and burst of a busy worker. */
const markSentTogether = new Map<SendTable, (delivered: Delivered) => Promise<void>>();

function markSentIn(table: SendTable) {
  let mark = markSentTogether.get(table);
  if (!mark) {
    mark = coalesced(async (sent: Delivered[]) => {
      const rows = await markSentStatement(table).execute({ holders: holdersJson(sent) });
      const marked = new Set(rows.map((row) => row.id));
      for (const send of sent) if (!marked.has(send.sendId)) send.taken();
    });
    markSentTogether.set(table, mark);
  }
  return mark;
}

/** Records the send as sent; false (and nothing changed) when another worker had claimed it meanwhile. */
export async function markSent(table: SendTable, holder: Holder, messageId: string): Promise<boolean> {
  let held = true;
  await markSentIn(table)({
    ...holder,
    messageId,
    taken: () => {
      held = false;
    },
  });
  return held;
}

/** A send that failed for good: recorded with the server's answer, never tried again. */
export async function markFailed(table: SendTable, holder: Holder, error: string): Promise<void> {
  await db()
    .update(table)
    .set({ status: "failed", error: error.slice(0, 1000), lockedUntil: null })
    .where(heldBy(table, holder));
}

/** A send that failed for now: pending again, not before `delaySeconds` from now. */
export async function sendLater(
  table: SendTable,
  holder: Holder,
  error: string,
  delaySeconds: number,
): Promise<void> {
  await db()
    .update(table)
    .set({
      status: "pending",
      error: error.slice(0, 1000),
      lockedUntil: leaseFromNow(Math.ceil(delaySeconds)),
    })
    .where(heldBy(table, holder));
}
