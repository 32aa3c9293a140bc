import { z } from "zod";

/** SPEC §5 messages, written once and used by the forms and the API. */
export const MESSAGES = {
  invalidEmail: "Invalid email address",
  passwordRequired: "Password is required",
  tokenRequired: "Reset token is required",
  passwordTooShort: "Password must be at least 8 characters",
  passwordHint: "Password must be at least 8 characters long",
  resetSent: "If an account with this email exists, a reset link has been sent.",
  invalidResetLink: "This password reset link is invalid or expired.",
  invalidCredentials: "Invalid email or password",
  passwordBlank: "Password must not be only spaces",
  passwordTooCommon: "This password is too common. Choose another one.",
} as const;

export const MIN_PASSWORD_LENGTH = 8;
/** argon2 accepts any length; a cap keeps a megabyte-long "password" from costing real work. */
const MAX_PASSWORD_LENGTH = 256;

const email = z
  .string({ error: MESSAGES.invalidEmail })
  .trim()
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

/**
 * A password is judged without its leading and trailing spaces (" 12345678 " is "12345678"), but kept and
 * compared exactly as typed, so a password chosen before this rule still signs in.
 */
export const judgedPassword = (password: string) => password.trim();

/** Why a new password is too short or blank, judged trimmed; undefined when its length is fine. */
function lengthProblem(password: string): string | undefined {
  const judged = judgedPassword(password);
  if (judged.length >= MIN_PASSWORD_LENGTH) return undefined;
  return judged === "" && password !== "" ? MESSAGES.passwordBlank : MESSAGES.passwordTooShort;
}

/**
 * Length and blankness, checked in the browser too. The server adds the common-password list
 * (services/access/password-policy.server.ts), which is too large to send to every visitor.
 */
export const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .superRefine((password, context) => {
    const problem = lengthProblem(password);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, MESSAGES.invalidCredentials),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z
    .string({ error: MESSAGES.tokenRequired })
    .trim()
    .min(1, MESSAGES.tokenRequired)
    .max(200, MESSAGES.invalidResetLink),
  password: newPassword,
});

export const createAccountSchema = z.object({
  organizationName: z
    .string({ error: "Organization name is required" })
    .trim()
    .min(1, "Organization name is required")
    .max(120, "Organization name must be at most 120 characters"),
  email,
  password: newPassword,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type CreateAccountInput = z.infer<typeof createAccountSchema>;
