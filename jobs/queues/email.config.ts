import type { QueueConfig } from "./types";

export const emailQueue = {
  name: "email",
  // SMTP outages are usually short: 8 tries with exponential backoff from 2 s span about 8 minutes.
  attempts: 8,
  backoffMs: 2_000,
  // Sending is I/O-bound; 10 parallel sends keep a pooled SMTP connection busy without flooding it.
  concurrency: 10,
  // A day of completed jobs is enough to answer "was it sent?"; the send records are the real history.
  keepCompleted: { age: 24 * 3600, count: 1_000 },
  // Failed jobs stay a week so an operator can see and retry them.
  keepFailed: { age: 7 * 24 * 3600 },
} satisfies QueueConfig;
