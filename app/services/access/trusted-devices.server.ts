import { isUuid } from "~/lib/ids";
import { randomToken } from "~/server/crypto.server";

/**
 * A browser that signed in before (ADR 033): a random id and the accounts it signed in to, carried in a
 * signed cookie. Failed logins on those accounts from it count apart from everyone else's, so an
 * attacker's failures elsewhere do not lock its owner out.
 */
export type TrustedDevice = { id: string; userIds: string[] };

/** The accounts one browser remembers: a shared computer keeps its last few. */
const MAX_ACCOUNTS_PER_DEVICE = 10;
const DEVICE_ID = /^[\w-]{22}$/;

export function isTrustedFor(device: TrustedDevice | null, userId: string): device is TrustedDevice {
  return device?.userIds.includes(userId) ?? false;
}

/** The device after `userId` proved itself on it (a sign-in, or a reset link opened there); new if none. */
export function trustDevice(device: TrustedDevice | null, userId: string): TrustedDevice {
  const others = device?.userIds.filter((id) => id !== userId) ?? [];
  return {
    id: device?.id ?? randomToken(16),
    userIds: [userId, ...others].slice(0, MAX_ACCOUNTS_PER_DEVICE),
  };
}

/** A cookie's parsed value when it has the shape this module writes; anything else is no device. */
export function asTrustedDevice(value: unknown): TrustedDevice | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, userIds } = value as Partial<TrustedDevice>;
  if (typeof id !== "string" || !DEVICE_ID.test(id) || !Array.isArray(userIds)) return null;
  if (
    userIds.length > MAX_ACCOUNTS_PER_DEVICE ||
    !userIds.every((userId) => typeof userId === "string" && isUuid(userId))
  )
    return null;
  return { id, userIds };
}
