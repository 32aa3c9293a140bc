import { randomBytes } from "node:crypto";
import {
  isRunning,
  startBuiltCommand,
  stopProcess,
  type TrackedProcess,
  tail,
} from "../../tests/support/infra/processes";
import { freePort } from "../../tests/support/infra/services";
import { progress, sleep, withTimeout } from "./log";

/** Settings shared by the app, the admin script and the worker of one bench run. */
export type BenchEnv = {
  databaseUrl: string;
  redisUrl: string;
  /** Redis key prefix of the web app (its rate limits and queued jobs). */
  appRedisPrefix: string;
};

const SESSION_SECRET = randomBytes(32).toString("hex");
const ENCRYPTION_KEY = randomBytes(32).toString("hex");
/** Variables of the outer environment that would change what the app does at start. */
const DROPPED = [
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "SMTP_URL",
  "TRUST_PROXY",
  "APP_URL",
  "REDIS_PREFIX",
  "PORT",
];

export function appEnvironment(bench: BenchEnv, extra: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of DROPPED) delete base[key];
  return {
    ...base,
    NODE_ENV: "production",
    DATABASE_URL: bench.databaseUrl,
    REDIS_URL: bench.redisUrl,
    REDIS_PREFIX: bench.appRedisPrefix,
    SESSION_SECRET,
    ENCRYPTION_KEY,
    SUBSCRIBE_LIMIT_PER_IP: "100000000",
    SUBSCRIBE_LIMIT_PER_STORE: "100000000",
    IMPRESSION_LIMIT_PER_IP: "100000000",
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/** Polls `url` until the server answers at all (any status), failing early if the process died. */
export async function waitForHttp(managed: TrackedProcess, url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(managed.child)) throw new Error(`${managed.name} exited during start:\n${tail(managed)}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return;
    } catch {
      await sleep(250);
    }
  }
  throw new Error(`${managed.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${tail(managed)}`);
}

export type RunningApp = { process: TrackedProcess; origin: string };

/** The production server (`npm start`: `NODE_ENV=production node build/bin/server.js`) on loopback. */
export async function startApp(bench: BenchEnv, nodeOptions: string[] = []): Promise<RunningApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = appEnvironment(bench, { PORT: String(port), HOST: "127.0.0.1", APP_URL: origin });
  const managed = startBuiltCommand("app", "server", env, { nodeOptions });
  progress(`starting the app on ${origin} (pid ${managed.child.pid})`);
  await waitForHttp(managed, `${origin}/api/public/stores/00000000-0000-4000-8000-000000000000/popup`);
  progress("app is up");
  return { process: managed, origin };
}

export const ADMIN = {
  email: "bench-admin@bench-company.com",
  password: "bench-password-123456",
  organization: "Bench Organization",
};

/** `npm run create-admin` (build/bin/create-admin.js) against the scratch database. */
export async function createAdmin(bench: BenchEnv): Promise<void> {
  // Production requires APP_URL; the script writes no link, so any origin does.
  const env = appEnvironment(bench, { APP_URL: "http://127.0.0.1" });
  const managed = startBuiltCommand("create-admin", "create-admin", env, {
    args: ["--email", ADMIN.email, "--password", ADMIN.password, "--organization", ADMIN.organization],
  });
  const code = await withTimeout("create-admin", 90_000, managed.exited).catch(async (error: unknown) => {
    await stopProcess(managed, { graceMs: 10_000, onKill: progress });
    throw error;
  });
  if (code !== 0) throw new Error(`create-admin failed (exit ${code}):\n${tail(managed)}`);
  progress(`created admin ${ADMIN.email}`);
}

/** Signs the bench's admin in; answers the session's Cookie header. */
export async function signIn(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(";")[0] ?? "")
    .filter(Boolean)
    .join("; ");
  if (!cookie) throw new Error("login answered without a session cookie");
  return cookie;
}

/** Logs in through the API and creates a store; returns its id. */
export async function createStoreThroughApi(origin: string): Promise<string> {
  const headers = { "content-type": "application/json", origin };
  const cookie = await signIn(origin);
  const created = await fetch(`${origin}/api/stores`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ name: "Bench Store", shopifyUrl: "https://bench-store.example.com" }),
  });
  const store = (await created.json()) as { id?: unknown };
  if (created.status !== 201 || typeof store.id !== "string")
    throw new Error(`store creation failed: ${created.status} ${JSON.stringify(store)}`);
  progress(`created store ${store.id}`);
  return store.id;
}
