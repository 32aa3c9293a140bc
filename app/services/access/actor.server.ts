import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stores, users } from "~/db/schema";
import { can, effectivePermissions, type Permission, type Role } from "~/lib/permissions";
import { forbidden } from "~/services/errors.server";
import { readSession } from "./sessions.server";

/** Who is making a request: every service function takes one and checks it through authorize(). */
export type Actor = {
  organizationId: string;
  userId: string;
  email: string;
  role: Role;
  permissions: Record<Permission, boolean>;
  via: "session" | "shopify";
  /** Set when the actor is limited to one store (an embedded Shopify session). */
  storeId?: string;
  sessionExpiresAt: Date;
};

/** The actor of a session token, or null. Reads the user fresh so permission changes apply on the next request. */
export async function actorForSession(token: string): Promise<Actor | null> {
  const session = await readSession(token);
  if (!session) return null;
  const [user] = await db().select().from(users).where(eq(users.id, session.userId));
  if (!user?.isActive || user.organizationId !== session.organizationId) return null;
  return signedInActor(user, session.expiresAt);
}

/** A signed-in user's actor, with the permissions its role and grants give. */
export function signedInActor(user: typeof users.$inferSelect, sessionExpiresAt: Date): Actor {
  return {
    organizationId: user.organizationId,
    userId: user.id,
    email: user.email,
    role: user.role,
    permissions: effectivePermissions(user.role, user.permissions),
    via: "session",
    sessionExpiresAt,
  };
}

/**
 * The actor of a shop's admin: the administrator of the organization created at install, with every
 * permission, limited to the shop's store (stores.server.ts scopes every query by actor.storeId).
 */
export async function actorForShop(shopDomain: string, expiresAt: Date): Promise<Actor | null> {
  const [row] = await db()
    .select({ store: stores, user: users })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .where(eq(stores.shopifyDomain, shopDomain));
  if (!row?.user.isActive) return null;
  return {
    organizationId: row.store.organizationId,
    userId: row.user.id,
    email: row.user.email,
    role: "admin",
    permissions: effectivePermissions("admin", {}),
    via: "shopify",
    storeId: row.store.id,
    sessionExpiresAt: expiresAt,
  };
}

/** The one place permission rules live: an admin may do everything, a member what it was granted. */
export function authorize(actor: Actor, permission: Permission | "admin"): void {
  if (permission === "admin") {
    if (actor.role !== "admin") throw forbidden("Only administrators can do this");
    return;
  }
  if (!can({ role: actor.role, permissions: actor.permissions }, permission)) throw forbidden();
}
