import { Redis } from "ioredis";
import { env } from "~/server/env.server";

const holder = globalThis as { __newsletterRedis?: Redis };

/** The process's Redis connection when REDIS_URL is set (BullMQ needs maxRetriesPerRequest: null). */
export function redis(): Redis | undefined {
  const { REDIS_URL } = env();
  if (!REDIS_URL) return undefined;
  holder.__newsletterRedis ??= new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  return holder.__newsletterRedis;
}

export async function closeRedis(): Promise<void> {
  const open = holder.__newsletterRedis;
  holder.__newsletterRedis = undefined;
  await open?.quit();
}
