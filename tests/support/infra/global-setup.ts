/** Integration global setup: PostgreSQL and Redis must answer; builds the template database and a build/ copy. */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { adminQuery, createMigratedDatabase, DATABASE_PREFIX, dropDatabase, TEST_DATABASE_URL } from "./db";
import { reachable, TEST_REDIS_URL } from "./services";

declare module "vitest" {
  interface ProvidedContext {
    /** The migrated database every integration test file copies. */
    templateDatabase: string;
    /** A directory holding this run's copy of build/ (empty when there is no build). */
    appRoot: string;
  }
}

/** True while the process that created a per-run database still runs (its pid is in the name). */
function ownerAlive(name: string): boolean {
  const pid = Number(/^npvt_(?:tpl_)?(\d+)/.exec(name)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Drops databases left behind by an earlier run that crashed before its teardown. */
async function dropLeftovers(): Promise<void> {
  const { rows } = await adminQuery("select datname from pg_database where datname like $1", [
    `${DATABASE_PREFIX}%`,
  ]);
  for (const { datname } of rows as { datname: string }[]) {
    if (!ownerAlive(datname)) await dropDatabase(datname);
  }
}

/** Integration runs need PostgreSQL and Redis: fail loudly with the fix, never skip. */
export default async function setup(project: TestProject) {
  const problems: string[] = [];
  if (!(await reachable(TEST_DATABASE_URL, 5432))) {
    problems.push(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL to another server). ` +
        "Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
    );
  }
  if (!(await reachable(TEST_REDIS_URL, 6379))) {
    problems.push(
      `Redis is not reachable at ${TEST_REDIS_URL} (set TEST_REDIS_URL to another server). ` +
        'Start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
    );
  }
  if (problems.length > 0) {
    throw new Error(`Integration tests cannot run:\n- ${problems.join("\n- ")}`);
  }

  await dropLeftovers();
  const template = `${DATABASE_PREFIX}tpl_${process.pid}`;
  await createMigratedDatabase(template);
  project.provide("templateDatabase", template);

  const appRoot = snapshotBuild();
  project.provide("appRoot", appRoot);

  return async () => {
    await dropDatabase(template);
    if (appRoot) fs.rmSync(appRoot, { recursive: true, force: true });
  };
}

/**
 * Copies build/ so that a `npm run build` during the run cannot pull it from under a running test.
 * The copy sits inside node_modules/ so the bundle still resolves its packages by walking up.
 */
function snapshotBuild(): string {
  const root = process.cwd();
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) return "";
  const appRoot = path.join(root, "node_modules/.cache/newsletter-popup-tests", String(process.pid));
  fs.rmSync(appRoot, { recursive: true, force: true });
  fs.mkdirSync(appRoot, { recursive: true });
  fs.cpSync(path.join(root, "build"), path.join(appRoot, "build"), { recursive: true });
  // The server migrates from ./drizzle at start.
  fs.symlinkSync(path.join(root, "drizzle"), path.join(appRoot, "drizzle"));
  return appRoot;
}
