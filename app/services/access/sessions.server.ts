import { and, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { hmac, randomToken } from "~/server/crypto.server";
import { env } from "~/server/env.server";

/** Writing the new expiry on every request would turn each read into a write; once a minute is enough. */
const EXTEND_AFTER_MS = 60_000;

/** How long a session lasts without a request (sliding). */
export function sessionTtlMs(): number {
  return env().SESSION_TTL_MINUTES * 60_000;
}

export type OpenSession = { userId: string; organizationId: string; expiresAt: Date };

/** A new session with 256 random bits; the database keeps only its HMAC. */
export async function createSession(user: { id: string; organizationId: string }) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + sessionTtlMs());
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
  const extended = new Date(Date.now() + sessionTtlMs());
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
