import path from "node:path";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { env } from "~/server/env.server";
import { connection } from "./client.server";

const migrationsFolder = path.resolve(process.cwd(), "drizzle");
/** Any constant: serialises migrations when the web server and a worker start together. */
const MIGRATION_LOCK_ID = 72_410_001;

export async function migrateDatabase(): Promise<void> {
  const { DATABASE_URL } = env();
  if (!DATABASE_URL) {
    await migratePglite(connection().db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}
