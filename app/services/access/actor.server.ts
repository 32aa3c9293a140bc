import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import {
  embeddedLaunchPath,
  findBearerActor,
  hasBearerToken,
  isEmbeddedRequest,
  requireEmbeddedActor,
} from "~/http/guards/embedded-actor.server";
import { can, effectivePermissions, type Permission, type Role } from "~/lib/permissions";
import { forbidden, unauthorized } from "~/services/errors.server";
import { readSession, readSessionToken } from "./sessions.server";

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

/** The signed-in actor, or null. Reads the user fresh so permission changes apply on the next request. */
export async function findActor(request: Request): Promise<Actor | null> {
  if (hasBearerToken(request)) return findBearerActor(request);
  const token = await readSessionToken(request);
  if (!token) return null;
  const session = await readSession(token);
  if (!session) return null;
  const [user] = await db().select().from(users).where(eq(users.id, session.userId));
  if (!user?.isActive || user.organizationId !== session.organizationId) return null;
  return {
    organizationId: user.organizationId,
    userId: user.id,
    email: user.email,
    role: user.role,
    permissions: effectivePermissions(user.role, user.permissions),
    via: "session",
    sessionExpiresAt: session.expiresAt,
  };
}

/** For /api/*: 401 JSON when nobody is signed in. */
export async function requireActor(request: Request): Promise<Actor> {
  const actor = await findActor(request);
  if (!actor) throw unauthorized();
  return actor;
}

/** For screens: anonymous visitors are sent to /login; inside the Shopify admin, Shopify authenticates. */
export async function requireScreenActor(request: Request): Promise<Actor> {
  if (isEmbeddedRequest(request)) return requireEmbeddedActor(request);
  const launch = embeddedLaunchPath(request);
  if (launch) throw redirect(launch);
  const actor = await findActor(request);
  if (!actor) throw redirect("/login");
  return actor;
}

/** The one place permission rules live: an admin may do everything, a member what it was granted. */
export function authorize(actor: Actor, permission: Permission | "admin"): void {
  if (permission === "admin") {
    if (actor.role !== "admin") throw forbidden("Only administrators can do this");
    return;
  }
  if (!can({ role: actor.role, permissions: actor.permissions }, permission)) throw forbidden();
}
