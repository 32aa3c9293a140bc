import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, inject } from "vitest";
import { closeTestDb, createDatabaseFromTemplate, DATABASE_PREFIX, databaseUrl, dropDatabase } from "./db";
import { TEST_REDIS_URL } from "./services";

/**
 * Per test file: a fresh database copied from the migrated template, its own Redis key prefix and
 * DATA_DIR, set in process.env before any app module reads it (the app reads env lazily, once).
 */
const suffix = randomBytes(4).toString("hex");
const database = `${DATABASE_PREFIX}${process.pid}_${suffix}`;
await createDatabaseFromTemplate(database, inject("templateDatabase"));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "np-test-"));
const redisPrefix = `npvt:${process.pid}:${suffix}`;

// Variables of the developer's shell must not leak into the app under test.
for (const name of [
  "REDIS_URL",
  "SMTP_URL",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "ALLOW_SIGNUP",
  "APP_URL",
  "PORT",
]) {
  delete process.env[name];
}
Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: databaseUrl(database),
  REDIS_PREFIX: redisPrefix,
  DATA_DIR: dataDir,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
  // PostgreSQL allows 100 connections, shared by the four files Vitest runs at once. At the product's 20 per
  // process, in-process apps beside one file's four child processes (several-processes) reached it, and
  // requests that got no connection failed. At 10 per process a whole run peaked at 79, other work's
  // included. A loaded machine must not turn a wait for one of them into a 503: the tests of that 503 set
  // their own wait (slow-uploads).
  DATABASE_POOL_SIZE: "10",
  DATABASE_POOL_WAIT_MS: "30000",
  // The fake Shopify answers at once; a loaded machine must not make a subscription give up on it.
  UNIQUE_CODE_WAIT_MS: "60000",
});

// Services enqueue jobs; without Redis this process runs them, as the web server does.
(await import("../../../jobs/in-process")).runJobsInProcess();

const appGlobals = globalThis as { __newsletterDb?: Map<string, unknown>; __newsletterRedis?: unknown };

afterAll(async () => {
  // Close what the app opened in this process, then everything this file created.
  if (appGlobals.__newsletterDb?.size) await (await import("~/db/client.server")).closeDb();
  if (appGlobals.__newsletterRedis) await (await import("~/server/redis.server")).closeRedis();
  await closeTestDb();
  await dropDatabase(database);
  await deleteRedisKeys(`${redisPrefix}:*`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function deleteRedisKeys(pattern: string): Promise<void> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await client.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", pattern, "COUNT", 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    await client.quit();
  }
}
