import { and, eq, gt, lt, sql } from "drizzle-orm";
import { type Cookie, createCookie } from "react-router";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { hmac, randomToken } from "~/server/crypto.server";
import { env, isProduction } from "~/server/env.server";
import { secrets } from "~/server/secrets.server";

export const SESSION_COOKIE = "np_session";
/** Writing the new expiry on every request would turn each read into a write; once a minute is enough. */
const EXTEND_AFTER_MS = 60_000;

function ttlMs(): number {
  return env().SESSION_TTL_MINUTES * 60_000;
}

export type OpenSession = { userId: string; organizationId: string; expiresAt: Date };

/** A new session with 256 random bits; the database keeps only its HMAC. */
export async function createSession(user: { id: string; organizationId: string }) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + ttlMs());
  await db()
    .insert(sessions)
    .values({
      sid: hmac(token),
      sess: { userId: user.id, organizationId: user.organizationId, createdAt: new Date().toISOString() },
      expire: expiresAt,
    });
  return { token, expiresAt };
}

/** The live session for a cookie token, extended (sliding expiry); null when unknown or expired. */
export async function readSession(token: string): Promise<OpenSession | null> {
  const sid = hmac(token);
  const [row] = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, new Date())));
  if (!row) return null;
  let expiresAt = row.expire;
  const extended = new Date(Date.now() + ttlMs());
  if (extended.getTime() - expiresAt.getTime() > EXTEND_AFTER_MS) {
    await db().update(sessions).set({ expire: extended }).where(eq(sessions.sid, sid));
    expiresAt = extended;
  }
  return { userId: row.sess.userId, organizationId: row.sess.organizationId, expiresAt };
}

export async function destroySession(token: string): Promise<void> {
  await db()
    .delete(sessions)
    .where(eq(sessions.sid, hmac(token)));
}

/** Ends every session of a user (password reset, removal from the organization). */
export async function destroyUserSessions(userId: string): Promise<void> {
  await db().delete(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);
}

export async function purgeExpiredSessions(): Promise<void> {
  await db().delete(sessions).where(lt(sessions.expire, new Date()));
}

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
  return signedSessionCookie().serialize(token, { maxAge: Math.floor(ttlMs() / 1000) });
}

export function clearedSessionCookie(): Promise<string> {
  return signedSessionCookie().serialize("", { maxAge: 0 });
}
