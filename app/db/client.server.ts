import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { env } from "~/server/env.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction(work)` callback receives. */
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * `bulkPool` is PostgreSQL's, for what Drizzle cannot express (COPY … TO STDOUT); PGlite has none. `planOnce` runs
 * the named prepared statements (prepared.server.ts) on sessions that plan each of them once.
 */
type Connection = {
  db: Db;
  planOnce: Db;
  /** The sessions of bulk work (bulk.server.ts), apart from the app's so that it never waits behind bulk work. */
  bulk: Db;
  /** A named statement of raw SQL on planOnce's sessions (Drizzle names only the statements it builds). */
  namedQuery: NamedQuery;
  close: () => Promise<void>;
} & ({ kind: "postgres"; bulkPool: pg.Pool } | { kind: "pglite" });

type Row = Record<string, unknown>;

/**
 * Each pool's sessions name themselves in pg_stat_activity (`newsletter-popup`, `… plan-once`, `… bulk`), so an
 * operator, and the bulk-work test, can tell which pool a statement runs on.
 */
export const APPLICATION_NAME = "newsletter-popup";
type NamedQuery = (name: string, text: string, values: unknown[]) => Promise<Row[]>;

/**
 * The sessions of the named prepared statements (docs/decisions/204). PostgreSQL plans a named statement
 * again on every execution while its plan for these parameters looks cheaper than the generic one, and it
 * looks so for the subscribe statement (its ranges of a parameter are estimated at thousands of rows): the
 * planning then costs more than running it. `force_generic_plan` holds only on these sessions: on the
 * app's other queries, a plan made for the values at hand is what keeps searches and filters on their
 * indexes. Half the app's pool: each statement holds its session for a fraction of a millisecond.
 */
function planOncePool(databaseUrl: string, poolSize: number, waitMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Math.ceil(poolSize / 2),
    connectionTimeoutMillis: waitMs,
    options: "-c plan_cache_mode=force_generic_plan",
    application_name: `${APPLICATION_NAME} plan-once`,
  });
  pool.on("error", () => {});
  return pool;
}

/**
 * Bulk work's own connections (docs/decisions/206): bulk.server.ts hands out one turn per connection, so a piece
 * of bulk work never waits inside the pool; the wait bound is a backstop for a PostgreSQL that refuses new ones.
 */
function bulkPool(databaseUrl: string, poolSize: number, waitMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: waitMs,
    application_name: `${APPLICATION_NAME} bulk`,
  });
  pool.on("error", () => {});
  return pool;
}

const holder = globalThis as { __newsletterDb?: Map<string, Connection> };
holder.__newsletterDb ??= new Map();
const connections = holder.__newsletterDb;

function connect(databaseUrl: string | undefined, dataDir: string): Connection {
  if (databaseUrl) {
    const { DATABASE_POOL_SIZE, DATABASE_POOL_WAIT_MS, DATABASE_BULK_POOL_SIZE } = env();
    // A request waits a bounded time for a connection (then 503, see isDatabaseBusy), never forever.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: DATABASE_POOL_SIZE,
      connectionTimeoutMillis: DATABASE_POOL_WAIT_MS,
      application_name: APPLICATION_NAME,
    });
    // A dropped connection (server restart, pg_terminate_backend) must not crash the process:
    // the pool discards the client and the next query opens a new one.
    pool.on("error", () => {});
    const planOnce = planOncePool(databaseUrl, DATABASE_POOL_SIZE, DATABASE_POOL_WAIT_MS);
    const bulk = bulkPool(databaseUrl, DATABASE_BULK_POOL_SIZE, DATABASE_POOL_WAIT_MS);
    return {
      db: drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db,
      planOnce: drizzlePg(planOnce, { schema, casing: "snake_case" }) as unknown as Db,
      bulk: drizzlePg(bulk, { schema, casing: "snake_case" }) as unknown as Db,
      namedQuery: async (name, text, values) => (await planOnce.query<Row>({ name, text, values })).rows,
      kind: "postgres",
      bulkPool: bulk,
      close: async () => {
        await Promise.all([pool.end(), planOnce.end(), bulk.end()]);
      },
    };
  }
  const directory = path.resolve(dataDir, "pglite");
  fs.mkdirSync(directory, { recursive: true });
  // pg_trgm backs the subscriber search indexes (migration 0004); PGlite loads extensions from JS.
  const client = new PGlite(directory, { extensions: { pg_trgm } });
  const database = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db: database,
    planOnce: database,
    bulk: database,
    namedQuery: async (_name, text, values) => (await client.query<Row>(text, values)).rows,
    kind: "pglite",
    close: () => client.close(),
  };
}

/**
 * The process's database: PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR.
 * Kept on globalThis so that every module graph in the process (the server bundle, scripts) shares
 * one connection — PGlite must never be opened twice.
 */
export function connection(): Connection {
  const { DATABASE_URL, DATA_DIR } = env();
  const key = DATABASE_URL ?? `pglite:${path.resolve(DATA_DIR)}`;
  let existing = connections.get(key);
  if (!existing) {
    existing = connect(DATABASE_URL, DATA_DIR);
    connections.set(key, existing);
  }
  return existing;
}

export function db(): Db {
  return connection().db;
}

/** The database of the named prepared statements (prepared.server.ts): planned once per session. */
export function planOnceDb(): Db {
  return connection().planOnce;
}

/** Runs `text` as the named prepared statement `name` on planOnceDb's sessions; its rows as the driver reads them. */
export function namedQuery(name: string, text: string, values: unknown[]): Promise<Row[]> {
  return connection().namedQuery(name, text, values);
}

export async function closeDb(): Promise<void> {
  for (const [key, open] of connections) {
    connections.delete(key);
    await open.close();
  }
}
