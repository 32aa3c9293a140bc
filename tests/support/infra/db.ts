/** Test databases: the migrated template, per-file copies, and a drizzle handle for assertions. */
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "~/db/schema";

/** Server and admin database of the test PostgreSQL (a database we may connect to for CREATE/DROP). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Prefix of every database the test run creates (per-file databases embed the creating pid). */
export const DATABASE_PREFIX = "npvt_";

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs one statement on the admin database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(sql: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(sql, values);
  } finally {
    await client.end();
  }
}

/** A new empty database migrated with the drizzle/ migrations (the template of every test file). */
export async function createMigratedDatabase(name: string): Promise<void> {
  await dropDatabase(name);
  await adminQuery(`CREATE DATABASE ${quote(name)}`);
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: path.resolve(process.cwd(), "drizzle") });
  } finally {
    await client.end();
  }
}

/** A copy of `template` (CREATE DATABASE … TEMPLATE: a file copy, much faster than migrating). */
export async function createDatabaseFromTemplate(name: string, template: string): Promise<void> {
  await adminQuery(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`);
}

/** Drops a database, ending any connection still open on it (a crashed server, a leaked pool). */
export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
}

export type TestDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

let handle: TestDb | undefined;

/** A drizzle handle on this file's database (process.env.DATABASE_URL), for arrange and assert steps. */
export function testDb(): TestDb {
  if (!handle) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString)
      throw new Error("DATABASE_URL is not set: is tests/support/infra/setup-integration.ts loaded?");
    const pool = new pg.Pool({ connectionString, max: 4 });
    pool.on("error", () => {});
    handle = drizzle(pool, { schema, casing: "snake_case" });
  }
  return handle;
}

/** Plain SQL on this file's database, returning rows. */
export async function sqlRows<T extends pg.QueryResultRow>(
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const result = await testDb().$client.query<T>(sql, values);
  return result.rows;
}

/** Empties every application table, so a test can start from a first-run database. */
export async function truncateAll(): Promise<void> {
  const tables = await sqlRows<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public'",
  );
  if (tables.length === 0) return;
  await testDb().$client.query(`TRUNCATE ${tables.map((t) => quote(t.tablename)).join(", ")} CASCADE`);
}

export async function closeTestDb(): Promise<void> {
  const open = handle;
  handle = undefined;
  await open?.$client.end();
}
