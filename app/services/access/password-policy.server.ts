import type { z } from "zod";
import {
  createAccountSchema,
  judgedPassword,
  MESSAGES,
  newPassword,
  resetPasswordSchema,
} from "~/lib/schemas/auth";
import commonPasswords from "./common-passwords.json";

/** Lower-cased, so "Password1" is as refused as "password1". */
const COMMON = new Set(commonPasswords.passwords);

/** Judged trimmed, as the length is: " 12345678 " is as common as "12345678". */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(judgedPassword(password).toLowerCase());
}

/** ASVS 6.2.4: a new password is checked against the most common ones that meet the length rule. */
const allowedNewPassword = newPassword.refine((password) => !isCommonPassword(password), {
  message: MESSAGES.passwordTooCommon,
});

/** What the server accepts for reset and invitation links (the browser's schema plus the common list). */
export const resetPasswordRequestSchema = resetPasswordSchema.extend({ password: allowedNewPassword });

/** What the server accepts for setup, signup, create-admin and ADMIN_PASSWORD. */
export const createAccountRequestSchema = createAccountSchema.extend({ password: allowedNewPassword });

export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;
