import { data } from "react-router";
import { requireScreenActor } from "~/http/guards/request-actor.server";
import type { Permission } from "~/lib/permissions";
import type { Actor } from "~/services/access/actor.server";
import { errorPage } from "../errors.server";

/**
 * A screen's guard: anonymous → /login; a member without the permission → 403 page; the admin-only
 * screens answer 404 to members, as if they did not exist (SPEC §2: "only when role is admin").
 */
export async function requireScreen(
  request: Request,
  requirement: Permission | "admin" | null,
): Promise<Actor> {
  const actor = await requireScreenActor(request);
  if (requirement === "admin" && actor.role !== "admin") throw data("Not Found", { status: 404 });
  if (requirement && requirement !== "admin" && !actor.permissions[requirement]) {
    throw data("You don't have permission to view this page", { status: 403 });
  }
  return actor;
}

/**
 * A service's refusal on a screen (a store that is unknown or another organization's: 404) becomes the
 * error page with that status; React Router answers 500 to anything thrown that is not a response.
 */
export async function refusalAsErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw errorPage(error);
  }
}
