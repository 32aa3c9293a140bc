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

/** `pool` is PostgreSQL's, for what Drizzle cannot express (COPY … TO STDOUT); PGlite has none. */
type Connection =
  | { db: Db; kind: "postgres"; pool: pg.Pool; close: () => Promise<void> }
  | { db: Db; kind: "pglite"; close: () => Promise<void> };

const holder = globalThis as { __newsletterDb?: Map<string, Connection> };
holder.__newsletterDb ??= new Map();
const connections = holder.__newsletterDb;

function connect(databaseUrl: string | undefined, dataDir: string): Connection {
  if (databaseUrl) {
    const { DATABASE_POOL_SIZE, DATABASE_POOL_WAIT_MS } = env();
    // A request waits a bounded time for a connection (then 503, see isDatabaseBusy), never forever.
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: DATABASE_POOL_SIZE,
      connectionTimeoutMillis: DATABASE_POOL_WAIT_MS,
    });
    // A dropped connection (server restart, pg_terminate_backend) must not crash the process:
    // the pool discards the client and the next query opens a new one.
    pool.on("error", () => {});
    return {
      db: drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db,
      kind: "postgres",
      pool,
      close: () => pool.end(),
    };
  }
  const directory = path.resolve(dataDir, "pglite");
  fs.mkdirSync(directory, { recursive: true });
  // pg_trgm backs the subscriber search indexes (migration 0004); PGlite loads extensions from JS.
  const client = new PGlite(directory, { extensions: { pg_trgm } });
  return {
    db: drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db,
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

export async function closeDb(): Promise<void> {
  for (const [key, open] of connections) {
    connections.delete(key);
    await open.close();
  }
}
