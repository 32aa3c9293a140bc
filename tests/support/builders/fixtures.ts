/** Test data made through the app's own services (as /setup would) or by direct insert. */
import { randomBytes } from "node:crypto";
import { users } from "~/db/schema";
import type { PermissionMap } from "~/lib/permissions";
import { hashPassword } from "~/server/passwords.server";
import { createOrganizationWithAdmin as createAccount } from "~/services/access/users.server";
import { testDb } from "../infra/db";

/** The password every fixture user gets (long enough for the SPEC §5 rule). */
export const FIXTURE_PASSWORD = "correct horse battery staple";

/** A unique address on a reserved domain, so tests never collide. */
export function uniqueEmail(label = "user"): string {
  return `${label}-${randomBytes(4).toString("hex")}@example.com`;
}

/** An organization and its admin, created by the app's own service (as /setup does). */
export async function createOrganizationWithAdmin(
  options: { organizationName?: string; email?: string; password?: string } = {},
) {
  const email = options.email ?? uniqueEmail("admin");
  const password = options.password ?? FIXTURE_PASSWORD;
  const { organization, admin } = await createAccount({
    organizationName: options.organizationName ?? "Acme Shop",
    email,
    password,
  });
  return { organization, admin, email, password };
}

/**
 * One argon2 hash per password for the whole file: hashing is the slow part of making a user (on purpose),
 * and members made by insert need not each have their own salt.
 */
const hashes = new Map<string, Promise<string>>();
function fixtureHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A member of `organizationId` with the given permissions (active, with a password, like after an invite). */
export async function createMember(
  organizationId: string,
  permissions: PermissionMap = {},
  options: { email?: string; password?: string; isActive?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail("member");
  const password = options.password ?? FIXTURE_PASSWORD;
  const [member] = await testDb()
    .insert(users)
    .values({
      organizationId,
      username: email.split("@")[0] ?? email,
      email,
      password: await fixtureHash(password),
      role: "member",
      isActive: options.isActive ?? true,
      isEmailVerified: true,
      permissions,
    })
    .returning();
  if (!member) throw new Error("member was not created");
  return { member, email, password };
}

/** Another tenant, for isolation tests: its own organization and admin. */
export function createSecondOrganization() {
  return createOrganizationWithAdmin({ organizationName: "Other Tenant Ltd" });
}
