import { env } from "./env.server";
import { redis } from "./redis.server";

const memory = new Map<string, { holder: string; expires: number }>();

/**
 * Who holds a short claim on a name: the first holder to ask within `ttlMs`, whoever asks later. In Redis
 * (SET NX), shared by every process; without REDIS_URL, in this process's memory.
 */
export async function claimHolder(name: string, holder: string, ttlMs: number): Promise<string> {
  const key = `${env().REDIS_PREFIX}:claim:${name}`;
  const client = redis();
  if (client) {
    if ((await client.set(key, holder, "PX", ttlMs, "NX")) === "OK") return holder;
    // Expired in between: nobody holds it any more, and this asker went first.
    return (await client.get(key)) ?? holder;
  }
  const now = Date.now();
  const current = memory.get(key);
  if (current && current.expires > now) return current.holder;
  memory.set(key, { holder, expires: now + ttlMs });
  return holder;
}
