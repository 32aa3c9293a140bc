import { type ChildProcess, spawn } from "node:child_process";
import { builtAppRoot } from "./app-server";
import { builtCommand } from "./processes";

/**
 * `npm run worker` (build/bin/worker.js of this run's copy of the build) as a plain child process the test may
 * SIGKILL, with this process's env plus `env`.
 */
export function startWorker(env: NodeJS.ProcessEnv = {}): ChildProcess {
  const appRoot = builtAppRoot();
  return spawn(process.execPath, [builtCommand("worker", appRoot)], {
    cwd: appRoot,
    env: { ...process.env, LOG_LEVEL: process.env.TEST_WORKER_LOG_LEVEL ?? "silent", ...env },
    // TEST_WORKER_LOG_LEVEL=info shows what a worker did, when a test needs explaining.
    stdio: process.env.TEST_WORKER_LOG_LEVEL ? "inherit" : "ignore",
  });
}
