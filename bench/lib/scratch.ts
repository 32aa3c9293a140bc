import { Redis } from "ioredis";
import pg from "pg";
import { progress } from "./log";

/** Loopback services only; override with BENCH_PG_ADMIN_URL / BENCH_REDIS_URL (also loopback). */
export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";

function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database made for this run and dropped at the end (WITH (FORCE) ends leftover sessions). */
export async function createScratchDatabase(name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  progress(`created database ${name}`);
  return databaseUrl(name);
}

export async function dropScratchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  progress(`dropped database ${name}`);
}

/** Deletes every Redis key under `prefix` (queues, rate-limit counters) in batches. */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  if (!/^[a-z0-9-]+$/.test(prefix)) throw new Error(`Unsafe Redis prefix ${prefix}`);
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  let deleted = 0;
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
  progress(`deleted ${deleted} Redis keys under ${prefix}*`);
  return deleted;
}
