import { spawn } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { inject } from "vitest";
import type { ProductionBuild } from "~/http/production.server";
import { builtCommand, stopProcess } from "./processes";
import { freePort } from "./services";

/** A running production build of the app, in this test process or (where the process is the subject) a child. */
export type AppServer = {
  /** Origin of the server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** What the app logged so far (pino JSON lines; from a child, also its "listening on" line). */
  output: () => string;
  /** Resolves once the jobs an in-process app runs itself are done (a child's are not seen: at once). */
  settle: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Variables the app reads; `undefined` removes one inherited from the test process. */
export type AppEnv = Record<string, string | undefined>;

export type StartOptions = {
  env?: AppEnv;
  /**
   * Run `npm start` (`NODE_ENV=production node build/bin/server.js`) as a child process: for tests whose subject is the process
   * (its start and exit, its log, several processes, a kill) or its process-wide limits (the database pool).
   */
  process?: boolean;
  /**
   * `false` stops the timers an in-process app starts (outbox and campaign sweeps, daily jobs) once it is up:
   * for tests that compare the database before and after each request, where a sweep's lease would count.
   */
  schedules?: boolean;
};

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;

/**
 * Starts the production build (`npm run build` first) on a free port with this file's database, Redis prefix
 * and DATA_DIR, and resolves once it listens. APP_URL is the origin the tests call (the CSRF check trusts only
 * it). Runs this run's copy of build/ (see global-setup.ts), so a rebuild during the run does not disturb it.
 */
export async function startApp(options: StartOptions = {}): Promise<AppServer> {
  const appRoot = builtAppRoot();
  const port = options.env?.PORT ?? String(await freePort());
  const settings: AppEnv = {
    NODE_ENV: "production",
    PORT: port,
    APP_URL: `http://127.0.0.1:${port}`,
    HOST: "127.0.0.1",
    ...options.env,
  };
  return options.process
    ? startChild(appRoot, { LOG_LEVEL: process.env.TEST_APP_LOG_LEVEL ?? "warn", ...settings })
    : startInProcess(
        appRoot,
        { LOG_LEVEL: process.env.TEST_APP_LOG_LEVEL ?? "warn", ...settings },
        options.schedules ?? true,
      );
}

/**
 * The directory holding this run's copy of build/ (global-setup.ts) and a link to drizzle/: the working directory
 * of the app and of the commands the tests start.
 */
export function builtAppRoot(): string {
  const appRoot = inject("appRoot");
  for (const file of ["build/server/index.js", "build/bin/server.js"]) {
    if (!appRoot || !fs.existsSync(path.join(appRoot, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the integration tests.`);
    }
  }
  return appRoot;
}

let instances = 0;

/**
 * Imports a fresh instance of the server bundle (its own settings, in-memory counters and timers) with
 * `settings` in process.env while it reads them (at import, and while it bootstraps), then puts the test's
 * environment back and listens.
 */
async function startInProcess(appRoot: string, settings: AppEnv, schedules: boolean): Promise<AppServer> {
  instances += 1;
  const log = path.join(process.env.DATA_DIR ?? ".", `app-${instances}.log`);
  settings.LOG_FILE ??= log;
  const bundle = `${pathToFileURL(path.join(appRoot, "build/server/index.js")).href}?instance=${instances}`;
  // MOCKS=true: the app's Shopify calls go to the fake shops of mocks/shopify.ts, listening before the
  // bundle loads as server.ts arranges (Shopify's library keeps the fetch it finds at load).
  const shopify = settings.MOCKS === "true" ? await fakeShopify() : undefined;
  const restore = applyEnv(settings);
  let build: ProductionBuild;
  try {
    build = (await import(/* @vite-ignore */ bundle)) as ProductionBuild;
    await build.ready;
  } finally {
    restore();
  }
  if (!schedules) build.stopBackgroundWork();
  const server = build.createProductionServer(path.join(appRoot, "build/client"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(Number(settings.PORT), "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${settings.PORT}`,
    output: () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8") : ""),
    settle: () => build.settleInProcessJobs(),
    stop: async () => {
      await stopInProcess(server, build);
      shopify?.close();
    },
  };
}

async function fakeShopify(): Promise<{ close: () => void }> {
  const { setupShopifyMock } = await import("../../../mocks/shopify");
  const { server } = setupShopifyMock();
  server.listen({ onUnhandledRequest: "bypass" });
  // Shopify's library keeps the fetch it found when first imported, which in this process was before the
  // mock listened: have it call the process's fetch of the moment instead.
  const { setAbstractFetchFunc } = await import("@shopify/shopify-api/runtime");
  setAbstractFetchFunc((input, init) => globalThis.fetch(input, init));
  return server;
}

async function stopInProcess(server: http.Server, build: ProductionBuild): Promise<void> {
  build.stopBackgroundWork();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

/** Sets `settings` in process.env (undefined deletes); the answer puts back what was there. */
function applyEnv(settings: AppEnv): () => void {
  const saved = new Map(Object.keys(settings).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(settings)) setVariable(name, value);
  return () => {
    for (const [name, value] of saved) setVariable(name, value);
  };
}

function setVariable(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** `npm start` (build/bin/server.js) in a child process, resolved once it listens. */
async function startChild(appRoot: string, settings: AppEnv): Promise<AppServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, [builtCommand("server", appRoot)], {
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

  return {
    url,
    output: () => output,
    settle: async () => {},
    stop: () => stopProcess(child, { graceMs: STOP_TIMEOUT_MS }),
  };
}
