import type { QueueConfig } from "./types";

export const campaignsQueue = {
  name: "campaigns",
  // A delivery job that fails (database or Redis gone) is retried; the sweep starts another anyway, so a
  // few tries over about a minute are enough.
  attempts: 5,
  backoffMs: 5_000,
  // One job sends a whole campaign, paced by the store's rate; a few campaigns (of different stores) at once.
  concurrency: 8,
  // A job runs for as long as its campaign takes: the lock is renewed while it runs; a dead worker's job is
  // requeued within ~20 s, and its claimed messages are taken over once their lease lapses.
  lockDurationMs: 15_000,
  stalledIntervalMs: 5_000,
  // Rerunning a delivery is safe (every message is claimed before it goes), so a crash requeues it.
  maxStalledCount: 100,
  keepCompleted: { age: 3600, count: 100 },
  keepFailed: { age: 7 * 24 * 3600 },
} satisfies QueueConfig;
