import { env } from "~/server/env.server";
import type { RateRule } from "~/server/rate-limit.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const slowDown = "Too many requests. Please try again in a minute.";

/**
 * The storefront limits, per minute, from the environment (SUBSCRIBE_LIMIT_PER_IP and friends). A rule "per
 * IP" counts a client by clientNetwork (app/server/client-network.server.ts): an IPv6 address by its /64.
 */
export function publicRateRules() {
  const limits = env();
  return {
    subscribePerIp: {
      name: "subscribe-ip",
      limit: limits.SUBSCRIBE_LIMIT_PER_IP,
      windowMs: MINUTE,
      message: slowDown,
    },
    /** Spent only by a valid submission about to be stored: refused ones cannot lock a store's visitors out. */
    subscribePerStore: {
      name: "subscribe-store",
      limit: limits.SUBSCRIBE_LIMIT_PER_STORE,
      windowMs: MINUTE,
      message: slowDown,
    },
    impressionsPerIp: {
      name: "impressions-ip",
      limit: limits.IMPRESSION_LIMIT_PER_IP,
      windowMs: MINUTE,
      message: slowDown,
    },
    /** Bot-check challenges: one per popup shown, so as many as views. */
    challengesPerIp: {
      name: "challenges-ip",
      limit: limits.IMPRESSION_LIMIT_PER_IP,
      windowMs: MINUTE,
      message: slowDown,
    },
    /** Counted, not refused: the key carries the store and the UTC day, the window only expires it. */
    impressionsCountedPerIpPerDay: {
      name: "impressions-counted",
      limit: limits.IMPRESSIONS_COUNTED_PER_IP_PER_DAY,
      windowMs: DAY,
      message: slowDown,
    },
    /** The A/B test's impressions (one per visitor and day) counted per address, popup and UTC day. */
    abImpressionsCountedPerIpPerDay: {
      name: "ab-impressions-counted",
      limit: limits.AB_IMPRESSIONS_COUNTED_PER_IP_PER_DAY,
      windowMs: DAY,
      message: slowDown,
    },
  } satisfies Record<string, RateRule>;
}
