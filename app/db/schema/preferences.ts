import { boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const userPreferences = pgTable("user_preferences", {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid()
    .notNull()
    .unique("user_preferences_user_unique")
    .references(() => users.id, { onDelete: "cascade" }),
  adminNotificationEmail: text().notNull().default("admin@company.com"),
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
