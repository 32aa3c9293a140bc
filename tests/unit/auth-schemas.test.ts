import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  createAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
} from "~/lib/schemas/auth";

/** The messages a form shows, per field. */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".");
    byField[key] = [...(byField[key] ?? []), issue.message];
  }
  return byField;
}

describe("login schema (SPEC §5)", () => {
  it("accepts a valid email and any non-empty password, trimming the email", () => {
    expect(loginSchema.parse({ email: "  ann@example.com ", password: "x" })).toEqual({
      email: "ann@example.com",
      password: "x",
    });
  });

  it("says 'Invalid email address' and 'Password is required'", () => {
    expect(messages(loginSchema, { email: "ann", password: "" })).toEqual({
      email: ["Invalid email address"],
      password: ["Password is required"],
    });
    expect(messages(loginSchema, {})).toEqual({
      email: ["Invalid email address"],
      password: ["Password is required"],
    });
  });

  it("refuses non-string values with the same messages", () => {
    expect(messages(loginSchema, { email: 42, password: { $ne: null } })).toEqual({
      email: ["Invalid email address"],
      password: ["Password is required"],
    });
  });
});

describe("forgot-password schema", () => {
  it("says 'Invalid email address'", () => {
    expect(messages(forgotPasswordSchema, { email: "nope@" })).toEqual({ email: ["Invalid email address"] });
    expect(forgotPasswordSchema.safeParse({ email: "ann@example.com" }).success).toBe(true);
  });
});

describe("reset-password schema", () => {
  it("says 'Reset token is required' and 'Password must be at least 8 characters'", () => {
    expect(messages(resetPasswordSchema, { token: "  ", password: "1234567" })).toEqual({
      token: ["Reset token is required"],
      password: ["Password must be at least 8 characters"],
    });
  });

  it("accepts an 8-character password", () => {
    expect(resetPasswordSchema.safeParse({ token: "abc", password: "12345678" }).success).toBe(true);
  });
});

describe("create-account schema (/setup, /signup, create-admin)", () => {
  it("requires an organization name, a valid email and an 8-character password", () => {
    expect(messages(createAccountSchema, { organizationName: " ", email: "x", password: "short" })).toEqual({
      organizationName: ["Organization name is required"],
      email: ["Invalid email address"],
      password: ["Password must be at least 8 characters"],
    });
  });
});
