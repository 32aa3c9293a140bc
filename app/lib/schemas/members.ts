import { z } from "zod";
import { permissionNames } from "../permissions";
import { MESSAGES } from "./auth";

/** SPEC §5: a map of permission name to boolean; unknown names are refused, not ignored. */
export const permissionMapSchema = z.partialRecord(z.enum(permissionNames), z.boolean()).default({});

export const inviteMemberSchema = z.object({
  email: z
    .string({ error: MESSAGES.invalidEmail })
    .trim()
    .max(254, MESSAGES.invalidEmail)
    .pipe(z.email({ error: MESSAGES.invalidEmail })),
  permissions: permissionMapSchema,
});

export const updatePermissionsSchema = z.object({ permissions: permissionMapSchema });
