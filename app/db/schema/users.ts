import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PermissionMap } from "~/lib/permissions";
import { organizations } from "./organizations";

export const userRole = pgEnum("user_role", ["admin", "member"]);

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    username: text().notNull(),
    /** argon2id hash; null until an invited member sets a password. */
    password: text(),
    email: text().notNull(),
    role: userRole().notNull().default("member"),
    isActive: boolean().notNull().default(true),
    isEmailVerified: boolean().notNull().default(false),
    /** SHA-256 of the reset token: the token itself is only ever in the email. */
    resetToken: text(),
    resetTokenExpiry: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    permissions: jsonb().$type<PermissionMap>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_reset_token_unique").on(table.resetToken),
    index("users_organization_idx").on(table.organizationId),
  ],
);
