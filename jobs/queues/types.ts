/** How one queue behaves; each number carries a comment in its config file saying why. */
export type QueueConfig = {
  name: string;
  attempts: number;
  backoffMs: number;
  concurrency: number;
  /** How long a worker's claim on a job lasts without renewal (renewed while the job runs). */
  lockDurationMs: number;
  /** How often workers look for jobs whose worker died (lock expired) and requeue them. */
  stalledIntervalMs: number;
  /** How many times a job whose worker died is requeued before it fails for good. */
  maxStalledCount: number;
  keepCompleted: { age: number; count: number };
  keepFailed: { age: number };
};
