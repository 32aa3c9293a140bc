import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/services/passwords.server";

describe("password hashing", () => {
  it("uses argon2id at OWASP parameters (19 MiB, 2 iterations, 1 lane)", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hash).not.toContain("correct horse");
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("verifies the right password only", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(await verifyPassword(hash, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(hash, "Correct horse battery staple")).toBe(false);
  });

  it("rejects any password for an account without one", async () => {
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword(undefined, "not-a-real-password")).toBe(false);
  });
});
