import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export type SessionData = { userId: string; organizationId: string; createdAt: string };

export const sessions = pgTable(
  "sessions",
  {
    /** HMAC of the cookie's random token, so a database leak does not leak live sessions. */
    sid: text().primaryKey(),
    sess: jsonb().$type<SessionData>().notNull(),
    expire: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index("sessions_expire_idx").on(table.expire),
    index("sessions_user_idx").on(sql`(${table.sess}->>'userId')`),
  ],
);
