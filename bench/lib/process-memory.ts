import fs from "node:fs";
import type { TrackedProcess } from "../../tests/support/infra/processes";

/** The server process of a bench run and its resident memory, read from /proc (Linux). */

/** The PIDs whose parent is `pid` (from /proc; the tsx CLI runs the server in a child process). */
function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) === pid) children.push(Number(name));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

export function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

/**
 * The process running server.ts: the tsx CLI runs it in a node child (which may itself start helpers,
 * such as esbuild): the deepest process under the CLI whose command line names server.ts.
 */
export function serverPid(managed: TrackedProcess): number {
  const pid = managed.child.pid;
  if (pid === undefined) throw new Error("the app has no pid");
  let found = pid;
  let generation = [pid];
  for (let depth = 0; depth < 3 && generation.length > 0; depth += 1) {
    generation = generation.flatMap(childPids);
    for (const child of generation) if (commandLine(child).includes("server.ts")) found = child;
  }
  return found;
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
