import fs from "node:fs";
import type { TrackedProcess } from "../../tests/support/infra/processes";

/** The server process of a bench run and its resident memory, read from /proc (Linux). */

export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

/** The process running the server: the one the bench started (`node build/bin/server.js`, no launcher). */
export function serverPid(managed: TrackedProcess): number {
  const pid = managed.child.pid;
  if (pid === undefined) throw new Error("the app has no pid");
  return pid;
}

export function rssMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped: where it started and the highest seen. */
export function sampleRss(pid: number, intervalMs: number) {
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = rssMiB(pid);
    if (now > peak) peak = now;
  }, intervalMs);
  return {
    before,
    /** Stops sampling; the peak seen so far. */
    stop(): number {
      clearInterval(sampler);
      return peak;
    },
  };
}
