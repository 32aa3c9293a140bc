/** How one queue behaves; each number carries a comment in its config file saying why. */
export type QueueConfig = {
  name: string;
  attempts: number;
  backoffMs: number;
  concurrency: number;
  keepCompleted: { age: number; count: number };
  keepFailed: { age: number };
};
