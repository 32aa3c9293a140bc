import { runJobsWith } from "./client";

/**
 * Lets this process run jobs itself when REDIS_URL is not set (the embedded default). Called once at
 * startup by the web server (and the test setup): the enqueue client never imports the processors, and
 * they load with the first job, not before.
 */
export function runJobsInProcess(): void {
  runJobsWith(async (name, payload, attempt) => (await import("./run")).runJob(name, payload, attempt));
}
