import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id`: the package declares it as a const enum, which isolated modules cannot import. */
const ARGON2ID = 2;

/** OWASP's argon2id recommendation: 19 MiB, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash it still spends the same work on a dummy hash so the
 * response time does not reveal whether an account exists.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await verify(await dummyHash, password);
    return false;
  }
  return verify(storedHash, password);
}
