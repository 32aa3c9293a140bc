import { ChildProcess, fork, spawn } from "node:child_process";
import path from "node:path";

/**
 * Child processes of the integration tests and of the bench: starting them, watching them and ending
 * each by its own id (never by name). The tests run the worker as a plain child they may SIGKILL; the
 * bench tracks its children (with their last output) so it can end every one, on success and failure.
 */

export const PROJECT_ROOT = path.resolve(import.meta.dirname, "../../..");

/** The commands `npm run build` bundles (vite.bin.config.ts): `npm start`, `npm run worker`, `npm run create-admin`. */
export type BuiltCommand = "server" | "worker" | "create-admin";

/** build/bin/<command>.js of the build under `root` (the repository, or a copy of its build/). */
export function builtCommand(command: BuiltCommand, root = PROJECT_ROOT): string {
  return path.join(root, "build/bin", `${command}.js`);
}

/** A process the bench started and ends itself (see `stopAllProcesses`). */
export type TrackedProcess = {
  name: string;
  child: ChildProcess;
  /** True when the child leads its own process group (spawned detached). */
  group: boolean;
  /** The last lines the process wrote, shown when something fails. */
  output: string[];
  exited: Promise<number | null>;
};

const running = new Set<TrackedProcess>();
const OUTPUT_LINES = 80;
/** How long to wait for the exit after a SIGKILL (every wait is bounded). */
const AFTER_KILL_MS = 2_000;

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * `node <nodeOptions> build/bin/<command>.js <args>` in its own process group (the app, the worker,
 * create-admin), run from `cwd` (the repository by default) and from the build under it. Node flags such as
 * --cpu-prof go in `nodeOptions`: Node refuses them in NODE_OPTIONS.
 */
export function startBuiltCommand(
  name: string,
  command: BuiltCommand,
  env: NodeJS.ProcessEnv,
  options: { nodeOptions?: string[]; args?: string[]; cwd?: string } = {},
): TrackedProcess {
  const { nodeOptions = [], args = [], cwd = PROJECT_ROOT } = options;
  const child = spawn(process.execPath, [...nodeOptions, builtCommand(command, cwd), ...args], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return track(name, child, true);
}

/** A helper in TypeScript, run by this Node with tsx's loader and an IPC channel. */
export function forkTs(name: string, script: string, env: NodeJS.ProcessEnv = process.env): TrackedProcess {
  const child = fork(path.resolve(script), [], {
    env,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  return track(name, child, false);
}

function track(name: string, child: ChildProcess, group: boolean): TrackedProcess {
  const tracked: TrackedProcess = {
    name,
    child,
    group,
    output: [],
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  captureOutput(tracked, child.stdout);
  captureOutput(tracked, child.stderr);
  running.add(tracked);
  void tracked.exited.then(() => running.delete(tracked));
  return tracked;
}

/** Keeps the last lines a process writes on `stream`, for the report when something fails. */
function captureOutput(tracked: TrackedProcess, stream: NodeJS.ReadableStream | null) {
  if (!stream) return;
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    tracked.output.push(...lines);
    if (tracked.output.length > OUTPUT_LINES) tracked.output.splice(0, tracked.output.length - OUTPUT_LINES);
  });
}

/** Waits for the first IPC message that `accept` recognises, failing if the process exits first. */
export function nextMessage<T>(
  tracked: TrackedProcess,
  accept: (message: unknown) => T | undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const value = accept(message);
      if (value === undefined) return;
      cleanup();
      resolve(value);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`${tracked.name} exited (code ${code}) before answering:\n${tail(tracked)}`));
    };
    const cleanup = () => {
      tracked.child.off("message", onMessage);
      tracked.child.off("exit", onExit);
    };
    tracked.child.on("message", onMessage);
    tracked.child.once("exit", onExit);
  });
}

export function tail(tracked: TrackedProcess, lines = 30): string {
  return tracked.output.slice(-lines).join("\n");
}

export type StopOptions = {
  /** The signal that asks the process to stop; SIGTERM by default. */
  signal?: NodeJS.Signals;
  /**
   * How long the process has to exit before SIGKILL (to its whole group when it leads one), after which
   * the wait lasts at most 2 s more. Without it, the wait lasts until the process exits.
   */
  graceMs?: number;
  /** Told when the process had to be killed (the bench's progress log). */
  onKill?: (message: string) => void;
};

/**
 * Sends `signal` (or `options.signal`) and resolves once the process has exited, at once if it already
 * had. A tracked process leaves the tracked set, and its group is emptied: a helper the process started
 * and left behind would still be in it.
 */
export async function stopProcess(
  target: ChildProcess | TrackedProcess,
  how: NodeJS.Signals | StopOptions = {},
): Promise<void> {
  const { signal = "SIGTERM", graceMs, onKill } = typeof how === "string" ? { signal: how } : how;
  const tracked = target instanceof ChildProcess ? undefined : target;
  const child = target instanceof ChildProcess ? target : target.child;
  const group = tracked?.group ?? false;
  if (isRunning(child)) {
    const exited = tracked?.exited ?? new Promise<void>((resolve) => child.once("exit", () => resolve()));
    send(child, signal, false);
    if (graceMs === undefined) {
      await exited;
    } else if (!(await settlesWithin(exited, graceMs))) {
      onKill?.(`${tracked?.name ?? `process ${child.pid}`} did not stop in ${graceMs / 1000} s: SIGKILL`);
      send(child, "SIGKILL", group);
      await settlesWithin(exited, AFTER_KILL_MS);
    }
  }
  if (group && child.pid !== undefined) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // No process left in the group.
    }
  }
  if (tracked) running.delete(tracked);
}

/** Stops every tracked process still running (the bench's last step, on success and failure). */
export async function stopAllProcesses(options: StopOptions = {}): Promise<void> {
  await Promise.all([...running].map((tracked) => stopProcess(tracked, options)));
}

function send(child: ChildProcess, signal: NodeJS.Signals, wholeGroup: boolean) {
  const pid = child.pid;
  if (pid === undefined || !isRunning(child)) return;
  try {
    process.kill(wholeGroup ? -pid : pid, signal);
  } catch {
    // Already gone.
  }
}

/** Whether `promise` settles within `ms`. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
