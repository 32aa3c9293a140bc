/** Each error and the errors it wraps (Drizzle wraps what the driver throws as `cause`). */
function* causeChain(error: unknown): Generator<object> {
  let current: unknown = error;
  while (current && typeof current === "object") {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether the error, or one it wraps, carries this SQLSTATE (PostgreSQL and PGlite report the same codes). */
function hasSqlState(error: unknown, code: string): boolean {
  for (const current of causeChain(error)) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** True when a query failed on a unique constraint (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, "23505");

/**
 * True when a query failed on a foreign key (SQLSTATE 23503): a row it wrote names a row that is gone, such as
 * a store or popup deleted after it was read.
 */
export const isForeignKeyViolation = (error: unknown): boolean => hasSqlState(error, "23503");

/**
 * pg-pool's own words when no connection came within `connectionTimeoutMillis`: every pooled connection stayed
 * busy, or a new one could not be opened in time. It throws a plain Error, so its message is the only sign.
 */
const POOL_TIMEOUTS = new Set([
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
]);

/**
 * PostgreSQL's refusals of a new connection that pass once load drops: 53300 too_many_connections (its
 * max_connections reached, e.g. by other processes on the same server) and 57P03 cannot_connect_now (starting
 * up or shutting down).
 */
const CONNECTION_REFUSALS = new Set(["53300", "57P03"]);

/**
 * True when a query got no database connection: it gave up waiting for one (DATABASE_POOL_WAIT_MS), or
 * PostgreSQL refused to open one for now.
 */
export function isDatabaseBusy(error: unknown): boolean {
  for (const current of causeChain(error)) {
    if (current instanceof Error && POOL_TIMEOUTS.has(current.message)) return true;
    if (CONNECTION_REFUSALS.has(String((current as { code?: unknown }).code))) return true;
  }
  return false;
}
