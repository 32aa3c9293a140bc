import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const userPreferences = pgTable("user_preferences", {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .unique("user_preferences_user_unique")
    .references(() => users.id, { onDelete: "cascade" }),
  /** Where notifications go: the account's own address or one confirmed through a mailed link. */
  adminNotificationEmail: text().notNull().default("admin@company.com"),
  /** A new address saved but not yet confirmed; notifications keep going to the confirmed one. */
  pendingNotificationEmail: text(),
  /** SHA-256 of the confirmation link's token (the link works once) and when it expires. */
  notificationEmailToken: text(),
  notificationEmailTokenExpiry: timestamp({ withTimezone: true }),
  enableAnalytics: boolean().notNull().default(true),
  sendWelcomeEmail: boolean().notNull().default(true),
  enableDoubleOptIn: boolean().notNull().default(false),
  validateDiscountCode: boolean().notNull().default(true),
  notifyOnSubscriptions: boolean().notNull().default(true),
  dailySubscriberSummary: boolean().notNull().default(false),
  alertOnUnsubscribeRate: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One user's preferences row. */
export type Preferences = typeof userPreferences.$inferSelect;
