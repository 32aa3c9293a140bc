import { and, eq, gt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { effectivePermissions } from "~/lib/permissions";
import { type LoginInput, MESSAGES } from "~/lib/schemas/auth";
import { clientNetwork } from "~/server/client-network.server";
import { randomToken, sha256 } from "~/server/crypto.server";
import { refused, unauthorized } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { hashPassword, verifyPassword } from "~/server/passwords.server";
import {
  assertUnderDistinctLimit,
  assertUnderLimit,
  clearFailures,
  consume,
  type RateRule,
  recordDistinctFailure,
  recordFailure,
} from "~/server/rate-limit.server";
import { enqueue } from "../../../jobs/client";
import { createSession, destroySession, destroyUserSessions } from "./sessions.server";
import { isTrustedFor, type TrustedDevice, trustDevice } from "./trusted-devices.server";
import { findUserByEmail, recordLogin } from "./users.server";

const FIFTEEN_MINUTES = 15 * 60_000;
const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** An invitation may sit in an inbox over a weekend. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;
const tooManyLogins = "Too many failed login attempts. Please try again in 15 minutes.";

/**
 * An account's failed logins from browsers that never signed in to it (ADR 033): together they lock it for
 * every such browser, so guessing its password stays at 10 tries per 15 minutes from anywhere, while a
 * browser the owner signed in with before keeps its own count and still signs in.
 */
const loginFailuresPerAccount: RateRule = {
  name: "login-account",
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message:
    "Too many failed login attempts on this account. Sign in from a browser you have used before, reset your password, or try again in 15 minutes.",
};
/** An account's failed logins from one browser that signed in to it before (its owner's typos). */
const loginFailuresOnTrustedDevice: RateRule = {
  name: "login-device",
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message: tooManyLogins,
};
/**
 * Counts the different accounts a client network (an IPv4 address, an IPv6 /64) failed on (a password
 * spray), not its failures: behind a proxy many people share one address, and one account's typos must not
 * lock them all out. (A Redis set under a new name: the former counter under "login-ip" was a string.)
 */
const loginFailuresPerNetwork: RateRule = {
  name: "login-ip-accounts",
  limit: 30,
  windowMs: FIFTEEN_MINUTES,
  message: tooManyLogins,
};
const resetRequestsPerIp: RateRule = {
  name: "forgot-ip",
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message: "Too many password reset requests. Please try again later.",
};
const resetRequestsPerEmail: RateRule = { ...resetRequestsPerIp, name: "forgot-email", limit: 3 };
/** Wrong reset tokens from one address: guessing is hopeless (256 bits), but each try must not cost a hash. */
const resetFailuresPerIp: RateRule = {
  name: "reset-ip",
  limit: 10,
  windowMs: FIFTEEN_MINUTES,
  message: "Too many invalid reset links. Please try again later.",
};

export type PublicUser = { email: string; role: "admin" | "member"; permissions: Record<string, boolean> };

/** Who is signing in: the client's address and the browser's trusted-device record, if any. */
export type LoginClient = { ip: string; device: TrustedDevice | null };

/** Where a failed login on this account from this client counts: with its own browser's, or with strangers'. */
function failureCounter(email: string, userId: string | undefined, device: TrustedDevice | null) {
  return userId && isTrustedFor(device, userId)
    ? ([loginFailuresOnTrustedDevice, `${userId}:${device.id}`] as const)
    : ([loginFailuresPerAccount, email] as const);
}

/** Signs in; the device answered is the browser's record with this account added, to be sent back. */
export async function login(input: LoginInput, client: LoginClient) {
  const network = clientNetwork(client.ip);
  await assertUnderDistinctLimit(loginFailuresPerNetwork, network);
  const user = await findUserByEmail(input.email);
  const counter = failureCounter(input.email, user?.id, client.device);
  await assertUnderLimit(...counter);
  const passwordMatches = await verifyPassword(user?.password, input.password);
  if (!user || !passwordMatches || !user.isActive) {
    await recordDistinctFailure(loginFailuresPerNetwork, network, input.email);
    await recordFailure(...counter);
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  await clearFailures(...counter);
  await recordLogin(user.id);
  const session = await createSession(user);
  const publicUser: PublicUser = {
    email: user.email,
    role: user.role,
    permissions: effectivePermissions(user.role, user.permissions),
  };
  return { user: publicUser, session, device: trustDevice(client.device, user.id) };
}

export async function logout(sessionToken: string | undefined): Promise<void> {
  if (sessionToken) await destroySession(sessionToken);
}

/** Always resolves the same way whether or not the account exists; the email goes through the queue. */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  await consume(resetRequestsPerIp, ip);
  await consume(resetRequestsPerEmail, email);
  const user = await findUserByEmail(email);
  if (user) await enqueue("email", { type: "password-reset", userId: user.id });
}

/**
 * Issues a fresh reset link for a user (called by the email job, so the token never sits in a queue).
 * Only the SHA-256 of the token is stored; a new link replaces any earlier one.
 */
export async function issuePasswordResetLink(userId: string, ttlMs = RESET_TOKEN_TTL_MS) {
  const token = randomToken(32);
  const [user] = await db()
    .update(users)
    .set({ resetToken: sha256(token), resetTokenExpiry: new Date(Date.now() + ttlMs) })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (!user) return undefined;
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, env().APP_URL).toString();
  return { email: user.email, link };
}

/**
 * Sets the password for a valid, unexpired token, once. The invited member becomes Active and Verified.
 * The token is checked before the (deliberately slow) password hash, and wrong tokens count per address.
 * Answers whose password it was, so the route can trust the browser that opened the link (ADR 033).
 */
export async function resetPassword(
  token: string,
  password: string,
  ip: string,
): Promise<{ userId: string }> {
  await assertUnderLimit(resetFailuresPerIp, ip);
  const valid = and(eq(users.resetToken, sha256(token)), gt(users.resetTokenExpiry, new Date()));
  if (!(await isResetTokenValid(token))) {
    await recordFailure(resetFailuresPerIp, ip);
    throw refused(MESSAGES.invalidResetLink);
  }
  const passwordHash = await hashPassword(password);
  const [user] = await db()
    .update(users)
    .set({
      password: passwordHash,
      resetToken: null,
      resetTokenExpiry: null,
      isActive: true,
      isEmailVerified: true,
      updatedAt: new Date(),
    })
    .where(valid)
    .returning({ id: users.id });
  // Used by a concurrent request between the check and the update: single use still holds.
  if (!user) throw refused(MESSAGES.invalidResetLink);
  await destroyUserSessions(user.id);
  return { userId: user.id };
}

/** Whether a reset link can still be used (the page shows 'Invalid Link' otherwise). */
export async function isResetTokenValid(token: string): Promise<boolean> {
  const [user] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.resetToken, sha256(token)), gt(users.resetTokenExpiry, new Date())));
  return Boolean(user);
}
