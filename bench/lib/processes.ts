import { type ChildProcess, fork, spawn } from "node:child_process";
import path from "node:path";
import { progress } from "./log";

/**
 * Every process the bench starts is registered here and ended by its own id (never by name), on
 * success and failure alike. A process started through the tsx CLI runs its code in a grandchild, so
 * it gets its own process group: SIGTERM goes to the tsx parent (which relays it), SIGKILL to the group.
 */
export type Managed = {
  name: string;
  child: ChildProcess;
  /** True when the child leads its own process group (spawned detached). */
  group: boolean;
  /** The last lines the process wrote, shown when something fails. */
  output: string[];
  exited: Promise<number | null>;
};

const running = new Set<Managed>();
const TSX_CLI = path.resolve("node_modules/tsx/dist/cli.mjs");
const OUTPUT_LINES = 80;

/** Keeps the last lines a process writes on `stream`, for the report when something fails. */
export function capture(managed: Managed, stream: NodeJS.ReadableStream | null) {
  if (!stream) return;
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    managed.output.push(...lines);
    if (managed.output.length > OUTPUT_LINES) managed.output.splice(0, managed.output.length - OUTPUT_LINES);
  });
}

function track(name: string, child: ChildProcess, group: boolean): Managed {
  const managed: Managed = {
    name,
    child,
    group,
    output: [],
    exited: new Promise((resolve) => child.once("exit", (code) => resolve(code))),
  };
  capture(managed, child.stdout);
  capture(managed, child.stderr);
  running.add(managed);
  void managed.exited.then(() => running.delete(managed));
  return managed;
}

/**
 * `node node_modules/tsx/dist/cli.mjs <script>` in its own process group (the app, the worker). With
 * Node flags (a CPU profile), `node <flags> --import tsx <script>` instead: the tsx CLI runs the script
 * in a child, and Node refuses --cpu-prof in NODE_OPTIONS.
 */
export function startTsxCli(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  options: { nodeOptions?: string[]; args?: string[] } = {},
): Managed {
  const { nodeOptions = [], args = [] } = options;
  const launcher = nodeOptions.length > 0 ? [...nodeOptions, "--import", "tsx"] : [TSX_CLI];
  const child = spawn(process.execPath, [...launcher, script, ...args], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return track(name, child, true);
}

/** A bench helper in TypeScript, run by this Node with tsx's loader and an IPC channel. */
export function forkTs(name: string, script: string, env: NodeJS.ProcessEnv = process.env): Managed {
  const child = fork(path.resolve(script), [], {
    env,
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  return track(name, child, false);
}

/** Waits for the first IPC message that `accept` recognises, failing if the process exits first. */
export function nextMessage<T>(managed: Managed, accept: (message: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      const value = accept(message);
      if (value === undefined) return;
      cleanup();
      resolve(value);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`${managed.name} exited (code ${code}) before answering:\n${tail(managed)}`));
    };
    const cleanup = () => {
      managed.child.off("message", onMessage);
      managed.child.off("exit", onExit);
    };
    managed.child.on("message", onMessage);
    managed.child.once("exit", onExit);
  });
}

export function tail(managed: Managed, lines = 30): string {
  return managed.output.slice(-lines).join("\n");
}

export function isRunning(managed: Managed): boolean {
  return managed.child.exitCode === null && managed.child.signalCode === null;
}

function signal(managed: Managed, name: NodeJS.Signals, wholeGroup: boolean) {
  const pid = managed.child.pid;
  if (pid === undefined || !isRunning(managed)) return;
  try {
    process.kill(wholeGroup && managed.group ? -pid : pid, name);
  } catch {
    // Already gone.
  }
}

/** SIGTERM, then SIGKILL (to the whole group) when it has not exited within `graceMs`. */
export async function stopProcess(managed: Managed, graceMs = 10_000): Promise<void> {
  if (isRunning(managed)) {
    signal(managed, "SIGTERM", false);
    const stopped = await Promise.race([
      managed.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
    ]);
    if (!stopped) {
      progress(`${managed.name} did not stop in ${graceMs / 1000} s: SIGKILL`);
      signal(managed, "SIGKILL", true);
      await Promise.race([managed.exited, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    }
  }
  // A grandchild that outlived its tsx parent would still be in the group.
  if (managed.group && managed.child.pid !== undefined) {
    try {
      process.kill(-managed.child.pid, "SIGKILL");
    } catch {
      // No process left in the group.
    }
  }
  running.delete(managed);
}

export async function stopAllProcesses(): Promise<void> {
  await Promise.all([...running].map((managed) => stopProcess(managed, 5_000)));
}
