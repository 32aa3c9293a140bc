import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/server/passwords.server";
import {
  createAccountRequestSchema,
  isCommonPassword,
  resetPasswordRequestSchema,
} from "~/services/access/password-policy.server";

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

describe("new password policy", () => {
  const account = { organizationName: "Acme", email: "ann@example.com" };
  const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it("refuses a password of only spaces", () => {
    const result = resetPasswordRequestSchema.safeParse({ token: "abc", password: "        " });
    expect(firstMessage(result)).toBe("Password must not be only spaces");
  });

  it("refuses the most common passwords, whatever their case", () => {
    for (const password of ["12345678", "password", "Password1", "QWERTYUIOP", "iloveyou"]) {
      expect(isCommonPassword(password)).toBe(true);
      const result = createAccountRequestSchema.safeParse({ ...account, password });
      expect(firstMessage(result)).toBe("This password is too common. Choose another one.");
    }
  });

  it("judges a password without its leading and trailing spaces", () => {
    const messages = (password: string) =>
      createAccountRequestSchema
        .safeParse({ ...account, password })
        .error?.issues.map((issue) => issue.message);
    expect(messages(" 12345678 ")).toEqual(["This password is too common. Choose another one."]);
    expect(messages("\tPassword1\n")).toEqual(["This password is too common. Choose another one."]);
    expect(messages("   abc1234   ")).toEqual(["Password must be at least 8 characters"]);
    expect(messages("")).toEqual(["Password must be at least 8 characters"]);
    expect(messages("   ")).toEqual(["Password must not be only spaces"]);
    expect(messages("  a rarer passphrase  ")).toBeUndefined();
  });

  it("ships ten thousand common passwords and accepts an uncommon one", () => {
    expect(isCommonPassword("correct horse battery staple")).toBe(false);
    expect(
      createAccountRequestSchema.safeParse({ ...account, password: "a brand new password" }).success,
    ).toBe(true);
  });
});
