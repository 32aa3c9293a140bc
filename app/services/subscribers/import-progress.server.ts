import type { SubscriberImportStatus } from "~/lib/schemas/subscriber-import";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { redis } from "~/server/redis.server";

export type RunningImport = Extract<SubscriberImportStatus, { state: "receiving" | "writing" }>;

/** Long enough to outlive any pause between two writes; a crashed import's progress then just expires. */
const PROGRESS_TTL_MS = 120_000;

/** Progress kept in this process when there is no Redis. */
const local = new Map<string, { progress: RunningImport; expiresAt: number }>();

const keyOf = (storeId: string, importId: string) =>
  `${env().REDIS_PREFIX}:import-progress:${storeId}:${importId}`;

/**
 * How far a running import is, for the screen that polls it: shared by every process through Redis when
 * REDIS_URL is set, else kept in this one. It is a courtesy: failing to write it never fails the import.
 */
export function importProgress(storeId: string, importId: string) {
  const key = keyOf(storeId, importId);
  return {
    async set(progress: RunningImport): Promise<void> {
      const client = redis();
      if (!client) {
        local.set(key, { progress, expiresAt: Date.now() + PROGRESS_TTL_MS });
        return;
      }
      await client
        .set(key, JSON.stringify(progress), "PX", PROGRESS_TTL_MS)
        .catch((error: unknown) => logger().warn({ err: error }, "import progress not recorded"));
    },
    async clear(): Promise<void> {
      local.delete(key);
      await redis()
        ?.del(key)
        .catch(() => {});
    },
  };
}

export async function readImportProgress(storeId: string, importId: string): Promise<RunningImport | null> {
  const key = keyOf(storeId, importId);
  const client = redis();
  if (!client) {
    const entry = local.get(key);
    if (!entry || entry.expiresAt < Date.now()) return null;
    return entry.progress;
  }
  const stored = await client.get(key);
  return stored ? (JSON.parse(stored) as RunningImport) : null;
}
