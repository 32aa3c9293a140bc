import { redirect } from "react-router";
import { SESSION_EXPIRED_LOGIN } from "~/lib/session-countdown";
import { unauthorized } from "~/server/domain-errors.server";
import { type Actor, actorForSession } from "~/services/access/actor.server";
import { countUsers } from "~/services/access/users.server";
import { clearedSessionCookie, readSessionToken } from "../session-cookie.server";
import {
  embeddedLaunchPath,
  findBearerActor,
  hasBearerToken,
  isEmbeddedRequest,
  requireEmbeddedActor,
} from "./embedded-actor.server";

/** The signed-in actor of a request (session cookie, or App Bridge's Bearer session token), or null. */
export async function findActor(request: Request): Promise<Actor | null> {
  if (hasBearerToken(request)) return findBearerActor(request);
  const token = await readSessionToken(request);
  return token ? actorForSession(token) : null;
}

/** For /api/*: 401 JSON when nobody is signed in. */
export async function requireActor(request: Request): Promise<Actor> {
  const actor = await findActor(request);
  if (!actor) throw unauthorized();
  return actor;
}

/**
 * For screens: anonymous visitors are sent to /login, or to /setup on a fresh install with no user yet
 * (the first visit creates the owner's account); inside the Shopify admin, Shopify authenticates.
 */
export async function requireScreenActor(request: Request): Promise<Actor> {
  if (isEmbeddedRequest(request)) return requireEmbeddedActor(request);
  const launch = embeddedLaunchPath(request);
  if (launch) throw redirect(launch);
  const actor = await findActor(request);
  if (actor) return actor;
  // A session cookie whose session is gone: it expired (or was ended elsewhere). The login page says so,
  // once: the cookie is cleared on the way.
  if (await readSessionToken(request)) {
    throw redirect(SESSION_EXPIRED_LOGIN, { headers: { "Set-Cookie": await clearedSessionCookie() } });
  }
  throw redirect((await countUsers()) === 0 ? "/setup" : "/login");
}
