import { setTimeout as sleep } from "node:timers/promises";
import type { Redis } from "ioredis";
import { env } from "~/server/env.server";
import { redis } from "~/server/redis.server";

/**
 * A store's campaign messages per second, across every worker: each message takes a slot of the current
 * second's window (one counter per store and second, in Redis when there is one, else in this process), and
 * waits for the next second when the window is full. Providers throttle or block senders that exceed their
 * plan, so the merchant sets the rate (email_settings.campaign_send_rate).
 */

/** Takes a slot when the window has one; else answers the milliseconds to the next window. */
const TAKE_SLOT_SCRIPT = `
local taken = redis.call("INCR", KEYS[1])
if taken == 1 then redis.call("PEXPIRE", KEYS[1], 2000) end
if taken <= tonumber(ARGV[1]) then return 0 end
return 1000 - tonumber(ARGV[2])`;

type SlotRedis = Redis & { takeSendSlot(key: string, rate: number, intoSecondMs: number): Promise<number> };

function withSlotScript(client: Redis): SlotRedis {
  const slots = client as SlotRedis;
  if (typeof slots.takeSendSlot !== "function")
    client.defineCommand("takeSendSlot", { numberOfKeys: 1, lua: TAKE_SLOT_SCRIPT });
  return slots;
}

const windows = new Map<string, number>();

function takeInProcess(key: string, rate: number, intoSecondMs: number): number {
  const taken = (windows.get(key) ?? 0) + 1;
  windows.set(key, taken);
  if (windows.size > 1_000) for (const old of windows.keys()) if (old !== key) windows.delete(old);
  return taken <= rate ? 0 : 1000 - intoSecondMs;
}

/** Waits until the store may send one more campaign message at `rate` messages per second. */
export async function waitForSendSlot(storeId: string, rate: number): Promise<void> {
  for (;;) {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    const key = `${env().REDIS_PREFIX}:campaign-rate:${storeId}:${second}`;
    const client = redis();
    const waitMs = client
      ? Number(await withSlotScript(client).takeSendSlot(key, rate, now % 1000))
      : takeInProcess(key, rate, now % 1000);
    if (waitMs <= 0) return;
    await sleep(waitMs);
  }
}
