import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { PROJECT_ROOT, stopProcess, TSX_CLI } from "./processes";
import { freePort } from "./services";

/** A running production build of the app (`NODE_ENV=production tsx server.ts`) in a child process. */
export type AppServer = {
  /** Origin of the server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** Everything the process wrote so far (pino JSON lines and the "listening on" line). */
  output: () => string;
  stop: () => Promise<void>;
};

/** Variables to set on the child; `undefined` removes one inherited from the test process. */
export type AppEnv = Record<string, string | undefined>;

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * Starts the production build on a free port with this file's database, Redis prefix and DATA_DIR,
 * and resolves once it listens. APP_URL is the origin the tests call (the CSRF check trusts only it). Requires `npm run build` first; runs this run's copy of build/
 * (see global-setup.ts), so a rebuild during the run does not disturb it.
 */
export async function startApp(options: { env?: AppEnv } = {}): Promise<AppServer> {
  const appRoot = inject("appRoot");
  if (!appRoot || !fs.existsSync(path.join(appRoot, "build/server/index.js"))) {
    throw new Error("build/server/index.js is missing: run `npm run build` before the integration tests.");
  }
  const port = options.env?.PORT ?? String(await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    APP_URL: `http://127.0.0.1:${port}`,
    HOST: "127.0.0.1",
    LOG_LEVEL: process.env.TEST_APP_LOG_LEVEL ?? "warn",
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, [TSX_CLI, path.join(PROJECT_ROOT, "server.ts")], {
    cwd: appRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The app did not start within ${START_TIMEOUT_MS} ms. Output:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const port = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      child.off("exit", onExit);
      resolve(`http://127.0.0.1:${port}`);
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The app exited with code ${code} before listening. Output:\n${output}`));
    };
    child.stdout.on("data", onData);
    child.once("exit", onExit);
  });

  return { url, output: () => output, stop: () => stopProcess(child, { graceMs: STOP_TIMEOUT_MS }) };
}
