import type { QueueConfig } from "./types";

export const maintenanceQueue = {
  name: "maintenance",
  // The daily retention job: a database hiccup passes within minutes, and tomorrow's run catches up anyway.
  attempts: 3,
  backoffMs: 60_000,
  // One at a time: each run covers every store.
  concurrency: 1,
  lockDurationMs: 60_000,
  stalledIntervalMs: 30_000,
  // Rerunning is safe (it deletes and clears what is past its period), so a crash requeues it.
  maxStalledCount: 2,
  keepCompleted: { age: 7 * 24 * 3600, count: 30 },
  keepFailed: { age: 7 * 24 * 3600 },
} satisfies QueueConfig;
