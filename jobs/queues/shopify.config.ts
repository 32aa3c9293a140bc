import type { QueueConfig } from "./types";

export const shopifyQueue = {
  name: "shopify",
  // Shopify outages and throttling pass within minutes: 6 tries from 5 s back off to about 2.5 minutes.
  attempts: 6,
  backoffMs: 5_000,
  // Admin API calls share the shop's cost bucket; a few in parallel is all it sustains.
  concurrency: 4,
  // A sync over thousands of codes runs for minutes: the lock is renewed while it runs.
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  // Each job is safe to rerun (codes and customers are looked up before they are created), so a worker
  // crash requeues it rather than failing it.
  maxStalledCount: 5,
  keepCompleted: { age: 24 * 3600, count: 1_000 },
  keepFailed: { age: 7 * 24 * 3600 },
} satisfies QueueConfig;
