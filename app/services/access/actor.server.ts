import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { organizations, stores, users } from "~/db/schema";
import {
  can,
  effectivePermissions,
  type Permission,
  type Role,
  storeLevelPermissions,
} from "~/lib/permissions";
import { forbidden } from "~/server/domain-errors.server";
import { readSession } from "./sessions.server";

/** Who is making a request: every service function takes one and checks it through authorize(). */
export type Actor = {
  organizationId: string;
  userId: string;
  email: string;
  role: Role;
  permissions: Record<Permission, boolean>;
  via: "session" | "shopify";
  /**
   * "organization": a signed-in user, or the shop whose install created the organization. "store": the staff
   * of a shop linked to one store (Connect with Shopify), who act on that store only (docs/decisions/029).
   */
  reach: "organization" | "store";
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
    reach: "organization",
    sessionExpiresAt,
  };
}

/**
 * The actor of a shop's session token, limited to the shop's store (stores.server.ts scopes every query by
 * actor.storeId). The shop whose install created the organization acts as its administrator, with every
 * permission, as the installing merchant always did. The staff of a shop linked to a store afterwards
 * (Connect with Shopify) act on that store only, with the store-level permissions: never on the members,
 * the other stores, a person's own settings or the store's deletion.
 */
export async function actorForShop(shopDomain: string, expiresAt: Date): Promise<Actor | null> {
  const [row] = await db()
    .select({ store: stores, user: users, createdByShop: organizations.createdByShop })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.userId))
    .innerJoin(organizations, eq(organizations.id, stores.organizationId))
    .where(eq(stores.shopifyDomain, shopDomain));
  if (!row?.user.isActive) return null;
  const installed = row.createdByShop === shopDomain;
  return {
    organizationId: row.store.organizationId,
    userId: row.user.id,
    email: row.user.email,
    role: installed ? "admin" : "member",
    permissions: installed ? effectivePermissions("admin", {}) : storeLevelPermissions,
    via: "shopify",
    reach: installed ? "organization" : "store",
    storeId: row.store.id,
    sessionExpiresAt: expiresAt,
  };
}

/** What a call needs: a permission, the administrator role, or to act for the organization itself. */
export type Requirement = Permission | "admin" | "organization";

const STORE_REACH_REFUSAL =
  "Your shop is linked to one store of this organization: you can work on that store only. The organization's members, stores and account settings are managed in the Newsletter Popup dashboard.";

/**
 * The one place permission rules live: an admin may do everything, a member what it was granted, a linked
 * shop's staff only what its store holds. `refusal` says why in the caller's words when the default does not.
 */
export function authorize(actor: Actor, requirement: Requirement, refusal?: string): void {
  if (requirement === "organization" || requirement === "admin") {
    if (actor.reach !== "organization") throw forbidden(refusal ?? STORE_REACH_REFUSAL);
    if (requirement === "admin" && actor.role !== "admin")
      throw forbidden(refusal ?? "Only administrators can do this");
    return;
  }
  if (!can({ role: actor.role, permissions: actor.permissions }, requirement)) throw forbidden(refusal);
}
