import { migrateDatabase } from "~/db/migrate.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { purgeExpiredSessions } from "~/services/access/sessions.server";
import { countUsers, createOrganizationWithAdmin } from "~/services/access/users.server";
import { runJobsInProcess } from "../../jobs/in-process";
import { startInProcessSchedules } from "../../jobs/schedules";

const HOUR = 3_600_000;

/** Creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when the database has no user yet. */
async function ensureInitialAdmin(): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_ORGANIZATION } = env();
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD || (await countUsers()) > 0) return;
  await createOrganizationWithAdmin({
    organizationName: ADMIN_ORGANIZATION,
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  logger().info({ email: ADMIN_EMAIL }, "initial admin created");
}

const stops: (() => void)[] = [];

/** Everything the web server needs before its first request: job runner, schema, first admin, housekeeping. */
export async function bootstrap(): Promise<void> {
  runJobsInProcess();
  await migrateDatabase();
  await ensureInitialAdmin();
  await purgeExpiredSessions();
  if (!env().REDIS_URL) stops.push(startInProcessSchedules());
  const purging = setInterval(() => void purgeExpiredSessions().catch(() => {}), HOUR).unref();
  stops.push(() => clearInterval(purging));
}

/**
 * The start log's advice, once bootstrap() is done: the address to open (APP_URL, the one the CSRF check
 * accepts forms from), and /setup while no account exists.
 */
export async function startNotice(): Promise<string> {
  const { APP_URL } = env();
  if ((await countUsers()) === 0) return `No account yet: open ${APP_URL}/setup to create the admin account`;
  return `Open ${APP_URL}`;
}

/** Stops the timers bootstrap() started (schedules, housekeeping), for a server that is shutting down. */
export function stopBackgroundWork(): void {
  for (const stop of stops.splice(0)) stop();
}
