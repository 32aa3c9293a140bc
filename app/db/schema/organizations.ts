import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const organizations = pgTable("organizations", {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /**
   * The myshopify.com domain whose install from the Shopify admin created this organization, or null
   * (setup, signup, create-admin). That shop's staff act as the organization's administrator; the staff of
   * a shop linked to one of its stores later (Connect with Shopify) act on that store only (docs/decisions/029).
   */
  createdByShop: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
