import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";
import { secrets } from "./secrets.server";

const VERSION = "v1";

/** AES-256-GCM with a random 96-bit IV; the output names its version so the key can rotate later. */
export function encryptSecret(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secrets().encryptionKey, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(":");
}

export function decryptSecret(stored: string): string {
  const [version, iv, tag, ciphertext] = stored.split(":");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error("Unreadable encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", secrets().encryptionKey, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

/**
 * What an answer shows for a stored password: that one is set, and nothing of it (not a character, not its
 * length). A password is never shown back, so a part of it only helps whoever reads the screen or answer.
 */
export const STORED_PASSWORD_MASK = "••••••••";

/** SPEC §9 token display: first 4 and last 4 characters kept, the middle masked. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return "•".repeat(value.length);
  return `${value.slice(0, 4)}${"•".repeat(Math.min(value.length - 8, 24))}${value.slice(-4)}`;
}

/** A URL-safe random token with `bytes` of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmac(value: string): string {
  return createHmac("sha256", secrets().sessionSecret).update(value).digest("hex");
}

/** A short signature of `value` under the session secret, for links and tokens: 32 hex characters. */
export function signatureOf(value: string): string {
  return hmac(value).slice(0, 32);
}

/** Whether `given` is `value`'s signature (signatureOf), compared in constant time. */
export function isSignatureOf(value: string, given: string): boolean {
  const expected = Buffer.from(signatureOf(value));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
