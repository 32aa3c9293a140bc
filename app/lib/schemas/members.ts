import { z } from "zod";
import { permissionNames } from "~/lib/permissions";
import { MESSAGES } from "./auth";

/** SPEC §5: a map of permission name to boolean; unknown names are refused, not ignored. */
const permissionMap = z.partialRecord(z.enum(permissionNames), z.boolean(), {
  error: "permissions must be an object of permission names to true or false",
});
/** An invitation may leave permissions out: the member starts with none. */
export const permissionMapSchema = permissionMap.default({});

export const inviteMemberSchema = z.object({
  email: z
    .string({ error: MESSAGES.invalidEmail })
    .trim()
    .max(254, MESSAGES.invalidEmail)
    .pipe(z.email({ error: MESSAGES.invalidEmail })),
  permissions: permissionMapSchema,
});

/** A change must say what the permissions become: a body without them would silently revoke every one. */
export const updatePermissionsSchema = z.object({ permissions: permissionMap });
