import fs from "node:fs";

/**
 * CPU time (user + system) used so far by a process, or by every process of a process group, read
 * from /proc (Linux). CPU per request is steadier than requests/s when other work shares the cores.
 * Returns NaN where /proc is not available.
 */
const TICKS_PER_SECOND = 100;

function readStat(pid: string): { group: number; seconds: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const group = Number(fields[2]);
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    return { group, seconds };
  } catch {
    return undefined;
  }
}

export function processCpuSeconds(pid: number): number {
  return readStat(String(pid))?.seconds ?? Number.NaN;
}

export function groupCpuSeconds(groupId: number): number {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return Number.NaN;
  }
  let total = 0;
  for (const pid of entries) {
    const stat = readStat(pid);
    if (stat?.group === groupId) total += stat.seconds;
  }
  return total;
}
