import { runJobsWith } from "./client";
import { runJob } from "./run";

/**
 * Lets this process run jobs itself when REDIS_URL is not set (the embedded default). Called once at
 * startup by the web server (and the test setup): the enqueue client never imports the processors.
 */
export function runJobsInProcess(): void {
  runJobsWith(runJob);
}
