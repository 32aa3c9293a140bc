import type { QueueConfig } from "./types";

export const emailQueue = {
  name: "email",
  // SMTP outages are usually short: 8 tries with exponential backoff from 2 s span about 8 minutes.
  attempts: 8,
  backoffMs: 2_000,
  // Sending is I/O-bound (database, then SMTP): 25 jobs in flight keep the 5 pooled SMTP connections
  // and the database pool busy; more only queues inside the process.
  concurrency: 25,
  // A dead worker's send is picked up again within ~20 s: the lock lapses after 15 s (it is renewed
  // every 7.5 s while a send runs) and live workers look for such jobs every 5 s.
  lockDurationMs: 15_000,
  stalledIntervalMs: 5_000,
  // A send survives its workers dying (the claimed send row makes a rerun safe), so a job is requeued
  // after each crash; BullMQ's default of 1 failed for good, unsent, a job whose worker died twice in a row.
  maxStalledCount: 10,
  // A day of completed jobs is enough to answer "was it sent?"; the send records are the real history.
  keepCompleted: { age: 24 * 3600, count: 1_000 },
  // Failed jobs stay a week so an operator can see and retry them.
  keepFailed: { age: 7 * 24 * 3600 },
} satisfies QueueConfig;
