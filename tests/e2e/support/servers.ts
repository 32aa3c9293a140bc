/**
 * The three production-build servers the end-to-end suite starts (see playwright.config.ts and
 * tests/e2e/start-server.sh). Each has its own PostgreSQL database and its own DATA_DIR.
 */
export type E2EServer = {
  port: number;
  baseURL: string;
  database: string;
  databaseUrl: string;
  /** Where the server writes system mail (DATA_DIR/outbox) since SMTP_URL is unset. */
  outbox: string;
  sessionTtlMinutes: number;
};

const PG = process.env.E2E_PG_URL ?? "postgres://postgres@127.0.0.1:5432";

function server(port: number, database: string, sessionTtlMinutes: number): E2EServer {
  return {
    port,
    baseURL: `http://localhost:${port}`,
    database,
    databaseUrl: `${PG}/${database}`,
    outbox: `/tmp/np-e2e/${port}/outbox`,
    sessionTtlMinutes,
  };
}

/** The main server: default 24 h sessions, first admin created from ADMIN_EMAIL at start. */
export const MAIN = server(Number(process.env.E2E_MAIN_PORT ?? 4310), "np_e2e_main", 1440);

/** A fresh install: starts with no user, so setup.spec.ts creates the admin through /setup. */
export const FRESH = server(Number(process.env.E2E_FRESH_PORT ?? 4311), "np_e2e_fresh", 1440);

/** Short sessions for the countdown specs (6 minutes), first admin from ADMIN_EMAIL at start. */
export const SHORT = server(Number(process.env.E2E_SHORT_PORT ?? 4312), "np_e2e_short", 6);

export const ADMIN = { email: "admin@e2e.test", password: "admin-password-1" } as const;

/** The admin that setup.spec.ts creates through /setup on the FRESH server. */
export const OWNER = {
  organization: "Short Session Shop",
  email: "owner@e2e.test",
  password: "owner-password-1",
} as const;
