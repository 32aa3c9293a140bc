import { env } from "./env.server";
import { redis } from "./redis.server";

/** A short claim on a name: the first holder to ask within `ttlMs` holds it. */
export type Claim = { name: string; holder: string; ttlMs: number };

const memory = new Map<string, { holder: string; expires: number }>();

/** The Redis key of a claim's name (rate-limit.server.ts takes a claim in its own script too). */
export const claimKey = (name: string) => `${env().REDIS_PREFIX}:claim:${name}`;

/**
 * Who holds a short claim on a name: the first holder to ask within `ttlMs`, whoever asks later. In Redis
 * (SET NX), shared by every process; without REDIS_URL, in this process's memory.
 */
export async function claimHolder({ name, holder, ttlMs }: Claim): Promise<string> {
  const key = claimKey(name);
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
