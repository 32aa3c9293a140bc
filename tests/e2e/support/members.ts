import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { Permission } from "../../../app/lib/permissions";
import { withClient } from "./database";
import type { E2EServer } from "./servers";

/** `Algorithm.Argon2id` (a const enum in the package's types) with the app's OWASP parameters. */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type MemberInput = {
  email: string;
  password: string;
  permissions?: Partial<Record<Permission, boolean>>;
  /** The admin whose organization the member joins; the server's first admin when left out. */
  organizationOf?: string;
};

/**
 * Adds an active, verified member to the organization of the server's first admin (or of the admin
 * `organizationOf` names), written straight into the app's `users` table (quicker than the invite
 * flow, which stores.spec.ts tests). A member with the same email is replaced, so a re-run starts
 * from the same state.
 */
export async function createMember(server: E2EServer, member: MemberInput): Promise<void> {
  const passwordHash = await hash(member.password, ARGON2_OPTIONS);
  await withClient(server, async (client) => {
    const admin = member.organizationOf
      ? await client.query<{ organization_id: string }>(
          "SELECT organization_id FROM users WHERE role = 'admin' AND lower(email) = lower($1)",
          [member.organizationOf],
        )
      : await client.query<{ organization_id: string }>(
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

/**
 * A new organization with its own admin (as /signup would make it), written straight into the
 * database: a tenant no other spec touches, so its counts and lists are exactly what a spec puts in.
 */
export async function createOrganization(
  server: E2EServer,
  input: { name: string; email: string; password: string },
): Promise<void> {
  const passwordHash = await hash(input.password, ARGON2_OPTIONS);
  await withClient(server, async (client) => {
    const organization = await client.query<{ id: string }>(
      "INSERT INTO organizations (name) VALUES ($1) RETURNING id",
      [input.name],
    );
    await client.query(
      `INSERT INTO users (organization_id, username, email, password, role, is_active, is_email_verified)
       VALUES ($1, $2, $3, $4, 'admin', true, true)`,
      [organization.rows[0]?.id, input.email.split("@")[0] ?? input.email, input.email, passwordHash],
    );
  });
}

/** Marks a subscriber's discount code as used (what the Shopify coupon sync would record). */
export async function markCouponUsed(server: E2EServer, storeId: string, email: string): Promise<void> {
  await withClient(server, async (client) => {
    const result = await client.query(
      "UPDATE subscribers SET discount_code_used = true WHERE store_id = $1 AND lower(email) = lower($2)",
      [storeId, email],
    );
    if (result.rowCount !== 1) throw new Error(`no subscriber ${email} in store ${storeId}`);
  });
}

/** `count` subscribers added to a store yesterday by a CSV import (source "import"), in one statement. */
export async function recordImport(server: E2EServer, storeId: string, count: number): Promise<void> {
  await withClient(server, (client) =>
    client.query(
      `INSERT INTO subscribers (store_id, email, source, subscribed_at, consented_at)
       SELECT $1::uuid, 'imported-' || n || '-' || $1::text || '@acme-corp.example', 'import', now() - interval '1 day', now()
       FROM generate_series(1, $2::int) AS n`,
      [storeId, count],
    ),
  );
}

/** An order attributed to the store's first popup, as orders/create records one (signed webhooks: integration tests). */
export async function recordAttributedOrder(
  server: E2EServer,
  storeId: string,
  order: { id: string; total: string; currency: string },
): Promise<void> {
  await withClient(server, (client) =>
    client.query(
      `INSERT INTO order_attributions (store_id, order_id, popup_id, code, total, currency, ordered_at)
       SELECT $1, $2, id, discount_code, $3, $4, now() FROM popup_configs WHERE store_id = $1
       ORDER BY created_at LIMIT 1`,
      [storeId, order.id, order.total, order.currency],
    ),
  );
}

/** Gives a user a valid password-reset token (as the emailed link carries it) and returns the token. */
export async function issueResetToken(server: E2EServer, email: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const digest = createHash("sha256").update(token).digest("hex");
  await withClient(server, async (client) => {
    const result = await client.query(
      "UPDATE users SET reset_token = $1, reset_token_expiry = now() + interval '1 hour' WHERE lower(email) = lower($2)",
      [digest, email],
    );
    if (result.rowCount !== 1) throw new Error(`no user ${email} in ${server.database}`);
  });
  return token;
}
