import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopProcess } from "./processes";
import { freePort, reachable } from "./services";
import { eventually } from "./wait";

/**
 * A private redis-server on a free loopback port, for tests that stop and restart Redis without
 * touching the shared one. Persistence is on (append-only file, fsync on every write) as in a real
 * deployment, so a restart keeps the queued jobs.
 */
export type RedisServer = {
  url: string;
  /** Stops it (SIGTERM: Redis flushes and exits) and starts it again on the same port and data. */
  restart: (downtimeMs?: number) => Promise<void>;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops it and removes its data directory. */
  remove: () => Promise<void>;
};

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "np-redis-"));
  let child: ChildProcess | undefined;

  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", ""].concat([
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
      ]),
      { stdio: "ignore" },
    );
    await eventually(() => reachable(url, port), { timeoutMs: 10_000, what: `redis-server on ${port}` });
  };
  const stop = async () => {
    if (child) await stopProcess(child);
  };
  await start();
  return {
    url,
    start,
    stop,
    restart: async (downtimeMs = 500) => {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downtimeMs));
      await start();
    },
    remove: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
