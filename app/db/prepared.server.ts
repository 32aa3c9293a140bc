import { type Db, planOnceDb } from "./client.server";

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A named prepared statement of the process's database, built once: the hot paths (subscribe, the
 * welcome email) skip drizzle building the SQL text on every call, and PostgreSQL skips parsing it, and
 * planning it, again on each pooled connection (planOnceDb). `build` must call `.prepare(name)` with this
 * name, and its statement runs outside any transaction (on sessions of its own).
 */
export function prepared<T>(name: string, build: (database: Db) => T): T {
  const database = planOnceDb();
  let byName = statements.get(database);
  if (!byName) {
    byName = new Map();
    statements.set(database, byName);
  }
  if (!byName.has(name)) byName.set(name, build(database));
  return byName.get(name) as T;
}
