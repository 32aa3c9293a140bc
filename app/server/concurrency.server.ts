import { randomUUID } from "node:crypto";
import { rateLimited } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { redis } from "./redis.server";

/** At most `limit` pieces of work at once per subject; one more is refused with 429 and `message`. */
export type ConcurrencyRule = { name: string; limit: number; message: string; retryAfterSeconds: number };

/**
 * A slot is held under a lease, renewed while the work runs, so a process that dies holding one frees it
 * after LEASE_MS at most.
 */
const LEASE_MS = 60_000;
const RENEW_EVERY_MS = LEASE_MS / 3;

/** Drops expired holders, then takes a slot when fewer than the limit are held, in Redis's own clock. */
const ACQUIRE_SCRIPT = `
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call("ZREMRANGEBYSCORE", KEYS[1], "-inf", now)
if redis.call("ZCARD", KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call("ZADD", KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call("PEXPIRE", KEYS[1], ARGV[2])
return 1`;

const RENEW_SCRIPT = `
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call("ZADD", KEYS[1], "XX", now + tonumber(ARGV[1]), ARGV[2])
redis.call("PEXPIRE", KEYS[1], ARGV[1])
return 1`;

/** Slots held in this process when there is no Redis. */
const held = new Map<string, number>();

function keyOf(rule: ConcurrencyRule, subject: string): string {
  return `${env().REDIS_PREFIX}:slots:${rule.name}:${subject}`;
}

/** Takes a slot, or answers how to give it back; undefined when all are taken. */
async function acquire(key: string, limit: number): Promise<(() => Promise<void>) | undefined> {
  const client = redis();
  if (!client) {
    const count = held.get(key) ?? 0;
    if (count >= limit) return undefined;
    held.set(key, count + 1);
    return async () => {
      const left = (held.get(key) ?? 1) - 1;
      if (left > 0) held.set(key, left);
      else held.delete(key);
    };
  }
  const holder = randomUUID();
  if (Number(await client.eval(ACQUIRE_SCRIPT, 1, key, limit, LEASE_MS, holder)) !== 1) return undefined;
  const renewal = setInterval(() => {
    client.eval(RENEW_SCRIPT, 1, key, LEASE_MS, holder).catch(() => {});
  }, RENEW_EVERY_MS);
  renewal.unref();
  return async () => {
    clearInterval(renewal);
    // Should Redis fail here, the lease runs out instead; the work's own outcome must not be lost to it.
    await client.zrem(key, holder).catch(() => {});
  };
}

/**
 * Runs `work` holding one of the subject's slots (shared by every process through Redis when REDIS_URL is set,
 * else counted in this process), and gives the slot back however the work ends.
 */
export async function withSlot<T>(
  rule: ConcurrencyRule,
  subject: string,
  work: () => Promise<T>,
): Promise<T> {
  const release = await acquire(keyOf(rule, subject), rule.limit);
  if (!release) throw rateLimited(rule.message, rule.retryAfterSeconds);
  try {
    return await work();
  } finally {
    await release();
  }
}
