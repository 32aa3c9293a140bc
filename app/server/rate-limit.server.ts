import type { Redis } from "ioredis";
import { rateLimited } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { type Claim, claimHolder, claimKey } from "./claims.server";
import { redis } from "./redis.server";

/** A fixed-window counter: `limit` events per `windowMs`, per key. */
export type RateRule = { name: string; limit: number; windowMs: number; message: string };

type Count = { count: number; resetAt: number };

const memory = new Map<string, Count>();
/** In-memory twin of the Redis sets that count distinct members (e.g. the accounts one address failed on). */
const distinctMemory = new Map<string, { members: Set<string>; resetAt: number }>();

/**
 * Counts one event under each key and sets its window when it has none, in one Redis script: one command
 * and one round trip whatever the number of windows. Answers each key's count and milliseconds left.
 */
const INCREMENT_SCRIPT = `
local answers = {}
for index, key in ipairs(KEYS) do
  answers[#answers + 1] = redis.call("INCR", key)
  redis.call("PEXPIRE", key, ARGV[index], "NX")
  answers[#answers + 1] = redis.call("PTTL", key)
end
return answers`;

/**
 * Counts one event under each key in turn (KEYS but the last, with ARGV's windows then limits) and stops at
 * the first over its limit, answering its position (from 1) and milliseconds left: the keys after it are
 * not counted. When every count is within its limit, takes the claim of the last key (SET NX, for ARGV's
 * next-to-last milliseconds, by ARGV's last) and answers 0 and the claim's holder.
 */
const COUNT_THEN_CLAIM_SCRIPT = `
local counted = #KEYS - 1
for index = 1, counted do
  local count = redis.call("INCR", KEYS[index])
  redis.call("PEXPIRE", KEYS[index], ARGV[index], "NX")
  if count > tonumber(ARGV[counted + index]) then
    return {index, redis.call("PTTL", KEYS[index])}
  end
end
local claim, holder = KEYS[#KEYS], ARGV[#ARGV]
if redis.call("SET", claim, holder, "PX", ARGV[#ARGV - 1], "NX") then return {0, holder} end
return {0, redis.call("GET", claim) or holder}`;

type CountingRedis = Redis & {
  incrementWindows(count: number, ...keysThenWindows: (string | number)[]): Promise<number[]>;
  countThenClaim(
    count: number,
    ...keysThenArguments: (string | number)[]
  ): Promise<[number, number | string]>;
};

function withScripts(client: Redis): CountingRedis {
  const counting = client as CountingRedis;
  if (typeof counting.incrementWindows !== "function") {
    client.defineCommand("incrementWindows", { lua: INCREMENT_SCRIPT });
    client.defineCommand("countThenClaim", { lua: COUNT_THEN_CLAIM_SCRIPT });
  }
  return counting;
}

async function incrementAll(windows: [key: string, windowMs: number][]): Promise<Count[]> {
  const client = redis();
  if (!client) return windows.map(([key, windowMs]) => incrementInMemory(key, windowMs));
  const answers = await withScripts(client).incrementWindows(
    windows.length,
    ...windows.map(([key]) => key),
    ...windows.map(([, windowMs]) => windowMs),
  );
  const now = Date.now();
  return windows.map((_, index) => ({
    count: Number(answers[index * 2]),
    resetAt: now + Math.max(Number(answers[index * 2 + 1]), 0),
  }));
}

/**
 * Counts one event in this process's memory. Answers a copy, as Redis's INCR answers a number: the caller reads
 * it after an await, by which time other requests may have counted the same key (the stored count has moved
 * on, and this event would read theirs as its own).
 */
function incrementInMemory(key: string, windowMs: number): Count {
  const now = Date.now();
  const current = memory.get(key);
  if (!current || current.resetAt <= now) {
    memory.set(key, { count: 1, resetAt: now + windowMs });
    return { count: 1, resetAt: now + windowMs };
  }
  current.count += 1;
  return { ...current };
}

async function increment(key: string, windowMs: number): Promise<Count> {
  const [count] = await incrementAll([[key, windowMs]]);
  return count as Count;
}

async function read(key: string): Promise<Count> {
  const client = redis();
  if (client) {
    const [count, ttl] = await Promise.all([client.get(key), client.pttl(key)]);
    return { count: Number(count ?? 0), resetAt: Date.now() + Math.max(ttl, 0) };
  }
  // A copy: what the count is now, not what later events make of it before the caller reads it.
  const current = memory.get(key);
  return current && current.resetAt > Date.now() ? { ...current } : { count: 0, resetAt: 0 };
}

async function readDistinct(key: string): Promise<Count> {
  const client = redis();
  if (client) {
    const [count, ttl] = await Promise.all([client.scard(key), client.pttl(key)]);
    return { count, resetAt: Date.now() + Math.max(ttl, 0) };
  }
  const current = distinctMemory.get(key);
  return current && current.resetAt > Date.now()
    ? { count: current.members.size, resetAt: current.resetAt }
    : { count: 0, resetAt: 0 };
}

async function addDistinct(key: string, member: string, windowMs: number): Promise<void> {
  const client = redis();
  if (client) {
    await client.multi().sadd(key, member).pexpire(key, windowMs, "NX").exec();
    return;
  }
  const now = Date.now();
  const current = distinctMemory.get(key);
  if (!current || current.resetAt <= now) {
    distinctMemory.set(key, { members: new Set([member]), resetAt: now + windowMs });
    return;
  }
  current.members.add(member);
}

function keyOf(rule: RateRule, subject: string): string {
  return `${env().REDIS_PREFIX}:rl:${rule.name}:${subject.toLowerCase()}`;
}

function refuse(rule: RateRule, resetAt: number): never {
  throw rateLimited(rule.message, Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
}

/** Counts one event under several rules at once (one Redis command) and throws 429 for the first one over. */
export async function consumeAll(checks: [RateRule, string][]): Promise<void> {
  if (!redis()) {
    for (const [rule, subject] of checks) await consume(rule, subject);
    return;
  }
  const counts = await incrementAll(checks.map(([rule, subject]) => [keyOf(rule, subject), rule.windowMs]));
  checks.forEach(([rule], index) => {
    const counted = counts[index];
    if (counted && counted.count > rule.limit) refuse(rule, counted.resetAt);
  });
}

/**
 * Counts one event under each rule in turn, throwing 429 for the first one over its limit (the rules after it
 * are not counted), then, every rule within, takes the claim and answers its holder (claimHolder's answer):
 * with Redis, one script and one round trip for all of it.
 */
export async function consumeThenClaim(checks: [RateRule, string][], claim: Claim): Promise<string> {
  const client = redis();
  if (!client) {
    for (const [rule, subject] of checks) await consume(rule, subject);
    return claimHolder(claim);
  }
  const [refusedAt, answer] = await withScripts(client).countThenClaim(
    checks.length + 1,
    ...checks.map(([rule, subject]) => keyOf(rule, subject)),
    claimKey(claim.name),
    ...checks.map(([rule]) => rule.windowMs),
    ...checks.map(([rule]) => rule.limit),
    claim.ttlMs,
    claim.holder,
  );
  const refused = checks[refusedAt - 1];
  if (refused) refuse(refused[0], Date.now() + Math.max(Number(answer), 0));
  return String(answer);
}

/** Counts one event and throws 429 when the subject is over the limit. */
export async function consume(rule: RateRule, subject: string): Promise<void> {
  const { count, resetAt } = await increment(keyOf(rule, subject), rule.windowMs);
  if (count > rule.limit) refuse(rule, resetAt);
}

/** Counts one event and tells whether it is within the limit, for excess that is ignored rather than refused. */
export async function countWithin(rule: RateRule, subject: string): Promise<boolean> {
  return (await increment(keyOf(rule, subject), rule.windowMs)).count <= rule.limit;
}

/** Whether the subject has already reached the limit, without counting (to read a mark another call left). */
export async function hasReachedLimit(rule: RateRule, subject: string): Promise<boolean> {
  return (await read(keyOf(rule, subject))).count >= rule.limit;
}

/** Throws 429 when the subject has already reached the limit, without counting (for failure-only rules). */
export async function assertUnderLimit(rule: RateRule, subject: string): Promise<void> {
  const { count, resetAt } = await read(keyOf(rule, subject));
  if (count >= rule.limit) refuse(rule, resetAt);
}

export async function recordFailure(rule: RateRule, subject: string): Promise<void> {
  await increment(keyOf(rule, subject), rule.windowMs);
}

/**
 * Failure-only rules that count distinct members, not events: a subject (an address) reaches the limit
 * only by failing on `limit` different members (accounts), so repeating one account's failures does not
 * lock out everyone else who shares the address.
 */
export async function assertUnderDistinctLimit(rule: RateRule, subject: string): Promise<void> {
  const { count, resetAt } = await readDistinct(keyOf(rule, subject));
  if (count >= rule.limit) refuse(rule, resetAt);
}

export async function recordDistinctFailure(rule: RateRule, subject: string, member: string): Promise<void> {
  await addDistinct(keyOf(rule, subject), member.toLowerCase(), rule.windowMs);
}

export async function clearFailures(rule: RateRule, subject: string): Promise<void> {
  const key = keyOf(rule, subject);
  memory.delete(key);
  await redis()?.del(key);
}
