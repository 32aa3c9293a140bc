import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * `npm run worker` (jobs/worker.ts) as a child process, with this file's env plus `env`. Node loads
 * TypeScript through tsx's loader in the same process: the tsx command would run the worker in a
 * grandchild, which a SIGKILL to the child leaves running.
 */
export function startWorker(env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "jobs/worker.ts")], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: process.env.TEST_WORKER_LOG_LEVEL ?? "silent", ...env },
    // TEST_WORKER_LOG_LEVEL=info shows what a worker did, when a test needs explaining.
    stdio: process.env.TEST_WORKER_LOG_LEVEL ? "inherit" : "ignore",
  });
}

/** Sends `signal` and resolves once the process has exited (at once if it already had). */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  await exited;
}
