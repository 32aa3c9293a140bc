import { hash } from "@node-rs/argon2";
import pg from "pg";
import type { Permission } from "../../../app/lib/permissions";
import type { E2EServer } from "./servers";

/** `Algorithm.Argon2id` (a const enum in the package's types) with the app's OWASP parameters. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type MemberInput = {
  email: string;
  password: string;
  permissions?: Partial<Record<Permission, boolean>>;
};

async function withClient<T>(server: E2EServer, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Adds an active, verified member to the organization of the server's first admin, written
 * straight into the app's `users` table (the invite flow is not part of the foundation yet).
 * A member with the same email is replaced, so a re-run starts from the same state.
 */
export async function createMember(server: E2EServer, member: MemberInput): Promise<void> {
  const passwordHash = await hash(member.password, ARGON2_OPTIONS);
  await withClient(server, async (client) => {
    const admin = await client.query<{ organization_id: string }>(
      "SELECT organization_id FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1",
    );
    const organizationId = admin.rows[0]?.organization_id;
    if (!organizationId) throw new Error(`no admin in ${server.database} to add a member to`);
    await client.query("DELETE FROM users WHERE lower(email) = lower($1)", [member.email]);
    await client.query(
      `INSERT INTO users (organization_id, username, email, password, role, is_active, is_email_verified, permissions)
       VALUES ($1, $2, $3, $4, 'member', true, true, $5::jsonb)`,
      [
        organizationId,
        member.email.split("@")[0] ?? member.email,
        member.email,
        passwordHash,
        JSON.stringify(member.permissions ?? {}),
      ],
    );
  });
}

/** How many users the server's database holds (the /setup spec checks it is empty first). */
export async function countUsers(server: E2EServer): Promise<number> {
  return withClient(server, async (client) => {
    const result = await client.query<{ count: string }>("SELECT count(*) AS count FROM users");
    return Number(result.rows[0]?.count ?? 0);
  });
}
