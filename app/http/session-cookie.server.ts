import { type Cookie, createCookie } from "react-router";
import { isProduction } from "~/server/env.server";
import { secrets } from "~/server/secrets.server";
import { sessionTtlMs } from "~/services/access/sessions.server";

export const SESSION_COOKIE = "np_session";

let cookie: Cookie | undefined;

/** Signed with SESSION_SECRET: a forged or garbled value is refused before any database lookup. */
function signedSessionCookie(): Cookie {
  cookie ??= createCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isProduction(),
    secrets: [secrets().sessionSecret],
  });
  return cookie;
}

/** How many cookies of that name the header carries (the cookie parser keeps only the first). */
function countCookies(header: string, name: string): number {
  return header.split(";").filter((part) => part.split("=")[0]?.trim() === name).length;
}

/**
 * The session token of the request's cookie, or undefined. A garbled value is no session; so are two
 * np_session cookies: the second can only come from another host (cookie tossing), and which one wins
 * would be the attacker's choice.
 */
export async function readSessionToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  if (!header || countCookies(header, SESSION_COOKIE) > 1) return undefined;
  const token: unknown = await signedSessionCookie().parse(header);
  return typeof token === "string" && token !== "" ? token : undefined;
}

export function sessionCookie(token: string): Promise<string> {
  return signedSessionCookie().serialize(token, { maxAge: Math.floor(sessionTtlMs() / 1000) });
}

export function clearedSessionCookie(): Promise<string> {
  return signedSessionCookie().serialize("", { maxAge: 0 });
}
