import { count, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { organizations, userPreferences, users } from "~/db/schema";
import type { CreateAccountInput } from "~/lib/schemas/auth";
import { conflict } from "~/server/domain-errors.server";
import { hashPassword } from "~/server/passwords.server";

export const EMAIL_TAKEN = "An account with this email already exists";

export async function findUserByEmail(email: string) {
  const [user] = await db().select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return user;
}

export async function countUsers(): Promise<number> {
  const [row] = await db().select({ value: count() }).from(users);
  return row?.value ?? 0;
}

/** A new organization and its first admin (setup, signup, create-admin, ADMIN_EMAIL). */
export async function createOrganizationWithAdmin(input: CreateAccountInput) {
  if (await findUserByEmail(input.email)) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertOrganizationWithAdmin(input, passwordHash);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

function insertOrganizationWithAdmin(input: CreateAccountInput, passwordHash: string) {
  return db().transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ name: input.organizationName })
      .returning();
    if (!organization) throw new Error("Organization was not created");
    const [admin] = await tx
      .insert(users)
      .values({
        organizationId: organization.id,
        username: input.email.split("@")[0] ?? input.email,
        email: input.email,
        password: passwordHash,
        role: "admin",
        isActive: true,
        isEmailVerified: true,
      })
      .returning();
    if (!admin) throw new Error("Admin was not created");
    await tx.insert(userPreferences).values({ userId: admin.id, adminNotificationEmail: admin.email });
    return { organization, admin };
  });
}

export async function recordLogin(userId: string): Promise<void> {
  await db().update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}
