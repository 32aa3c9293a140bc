import { migrateDatabase } from "~/db/migrate.server";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { startInProcessSchedules } from "../../jobs/schedules";
import { purgeExpiredSessions } from "./access/sessions.server";
import { countUsers, createOrganizationWithAdmin } from "./access/users.server";

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

/** Everything the web server needs before its first request: schema, first admin, housekeeping. */
export async function bootstrap(): Promise<void> {
  await migrateDatabase();
  await ensureInitialAdmin();
  await purgeExpiredSessions();
  if (!env().REDIS_URL) startInProcessSchedules();
  setInterval(() => void purgeExpiredSessions().catch(() => {}), HOUR).unref();
}
