import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

beforeAll(() => {
  process.env.SESSION_SECRET = randomBytes(32).toString("hex");
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("hex");
});

const crypto = () => import("~/server/crypto.server");

/** Flips one character of a base64url string to another valid one. */
function flip(part: string, index = 0): string {
  const replacement = part[index] === "A" ? "B" : "A";
  return `${part.slice(0, index)}${replacement}${part.slice(index + 1)}`;
}

describe("encryptSecret / decryptSecret (AES-256-GCM)", () => {
  it("round-trips a secret, unicode included", async () => {
    const { encryptSecret, decryptSecret } = await crypto();
    for (const secret of ["shpat_0123456789abcdef", "pässwörd 🔑", ""]) {
      expect(decryptSecret(encryptSecret(secret))).toBe(secret);
    }
  });

  it("never stores the plaintext and uses a fresh IV each time", async () => {
    const { encryptSecret } = await crypto();
    const first = encryptSecret("smtp-password-123");
    const second = encryptSecret("smtp-password-123");
    expect(first).not.toContain("smtp-password-123");
    expect(first).not.toBe(second);
    const [version, iv] = first.split(":");
    expect(version).toBe("v1");
    expect(Buffer.from(iv ?? "", "base64url")).toHaveLength(12);
  });

  it("detects a tampered ciphertext, tag or IV", async () => {
    const { encryptSecret, decryptSecret } = await crypto();
    const [version = "", iv = "", tag = "", ciphertext = ""] = encryptSecret("a secret value").split(":");
    expect(() => decryptSecret([version, iv, tag, flip(ciphertext)].join(":"))).toThrow();
    expect(() => decryptSecret([version, iv, flip(tag), ciphertext].join(":"))).toThrow();
    expect(() => decryptSecret([version, flip(iv), tag, ciphertext].join(":"))).toThrow();
  });

  it("refuses values it cannot read", async () => {
    const { encryptSecret, decryptSecret } = await crypto();
    const [, ...rest] = encryptSecret("x").split(":");
    expect(() => decryptSecret(["v2", ...rest].join(":"))).toThrow("Unreadable encrypted value");
    expect(() => decryptSecret("plaintext")).toThrow("Unreadable encrypted value");
  });
});

describe("maskSecret (first 4 + last 4)", () => {
  it("keeps the first and last four characters and masks the middle", async () => {
    const { maskSecret } = await crypto();
    expect(maskSecret("shpat_1234567890abcd")).toBe(`shpa${"•".repeat(12)}abcd`);
  });

  it("masks short values entirely and caps the mask length", async () => {
    const { maskSecret } = await crypto();
    expect(maskSecret("12345678")).toBe("••••••••");
    expect(maskSecret("")).toBe("");
    const masked = maskSecret(`abcd${"x".repeat(100)}wxyz`);
    expect(masked).toBe(`abcd${"•".repeat(24)}wxyz`);
  });
});

describe("tokens and digests", () => {
  it("makes URL-safe tokens with the requested entropy", async () => {
    const { randomToken } = await crypto();
    const token = randomToken(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(randomToken(32)).not.toBe(token);
  });

  it("keys the HMAC with SESSION_SECRET (differs from a plain SHA-256)", async () => {
    const { hmac, sha256 } = await crypto();
    expect(hmac("token")).toMatch(/^[0-9a-f]{64}$/);
    expect(hmac("token")).toBe(hmac("token"));
    expect(hmac("token")).not.toBe(sha256("token"));
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
