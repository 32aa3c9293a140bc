import { env } from "~/server/env.server";
import { redis } from "~/server/redis.server";

/** How far a store's coupon sync has got. Kept in Redis when there is one (the worker is another process). */
export type SyncProgress = { checked: number; total: number; running: boolean };

const TTL_SECONDS = 600;
const memory = new Map<string, SyncProgress>();
const keyOf = (storeId: string) => `${env().REDIS_PREFIX}:coupon-sync:${storeId}`;

export async function setSyncProgress(storeId: string, progress: SyncProgress): Promise<void> {
  const client = redis();
  if (client) await client.set(keyOf(storeId), JSON.stringify(progress), "EX", TTL_SECONDS);
  else memory.set(storeId, progress);
}

export async function getSyncProgress(storeId: string): Promise<SyncProgress> {
  const client = redis();
  const stored = client ? await client.get(keyOf(storeId)) : null;
  if (stored) return JSON.parse(stored) as SyncProgress;
  return memory.get(storeId) ?? { checked: 0, total: 0, running: false };
}
