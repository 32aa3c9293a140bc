import type pg from "pg";
import { rateLimited, unavailable } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { type FairGate, fairGate } from "~/server/fair-gate.server";
import { connection, type Db } from "./client.server";

/** What a turn of bulk work may use: its database, and on PostgreSQL the pool COPY needs. */
export type BulkConnection = { db: Db; pool: pg.Pool | null };

/** Pieces of bulk work one organization may have waiting in a process; more are refused at once. */
const WAITING_PER_TENANT = 4;

export const BULK_TOO_MANY =
  "Your organization already has several exports and imports waiting. Please try again when one of them has finished.";
export const BULK_BUSY = "The server is busy with other exports and imports. Please try again in a minute.";

let gate: FairGate | undefined;

function bulkGate(): FairGate {
  gate ??= fairGate({
    turns: env().DATABASE_BULK_POOL_SIZE,
    waitingPerTenant: WAITING_PER_TENANT,
    waitMs: env().BULK_WAIT_MS,
    tooMany: () => rateLimited(BULK_TOO_MANY, 30),
    timedOut: () => unavailable(BULK_BUSY, 60),
  });
  return gate;
}

/**
 * Runs one piece of bulk work (an export's rows, an import's batch, a campaign's audience, retention) on the
 * bulk connections, in the tenant's fair turn (docs/decisions/206). The turns are as many as those connections,
 * so the app's own pool — screens, the API, the storefront — never waits behind bulk work, and one tenant's
 * many pieces take turns with everyone else's instead of going first. Keep a turn short: a batch, not a file.
 */
export function withBulkTurn<T>(tenant: string, work: (bulk: BulkConnection) => Promise<T>): Promise<T> {
  return bulkGate().run(tenant, () => {
    const open = connection();
    return work({ db: open.bulk, pool: open.kind === "postgres" ? open.bulkPool : null });
  });
}
