import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stores } from "./stores";

export const emailSettings = pgTable("email_settings", {
  id: uuid().primaryKey().defaultRandom(),
  storeId: uuid()
    .notNull()
    .unique("email_settings_store_unique")
    .references(() => stores.id, { onDelete: "cascade" }),
  smtpHost: text().notNull().default("smtp.sendgrid.net"),
  smtpPort: integer().notNull().default(587),
  fromEmail: text(),
  fromName: text(),
  smtpUsername: text(),
  /** AES-256-GCM ciphertext; only ever returned masked. */
  smtpPassword: text(),
  isConfigured: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type TemplateSocialLinks = {
  website: string;
  linkedin: string;
  twitter: string;
  facebook: string;
  instagram: string;
};

export const emailTemplates = pgTable("email_templates", {
  id: uuid().primaryKey().defaultRandom(),
  storeId: uuid()
    .notNull()
    .unique("email_templates_store_unique")
    .references(() => stores.id, { onDelete: "cascade" }),
  templateName: text().notNull().default("Welcome Email Template"),
  subject: text().notNull().default("Thank you for subscribing! Here is your 15% discount"),
  headerLogo: text().notNull().default(""),
  headerText: text().notNull().default("Welcome to our newsletter!"),
  bodyContent: text()
    .notNull()
    .default(
      "Hi [First Name],\n\nThank you for subscribing to our newsletter. As a welcome gift, here is your one-time 15% discount code: [DISCOUNT_CODE]\n\nUse it at checkout on your next order.",
    ),
  footerText: text().notNull().default("Thank you for being part of our community."),
  footerNote: text().notNull().default("You are receiving this email because you subscribed on our website."),
  socialMediaLinks: jsonb()
    .$type<TemplateSocialLinks>()
    .notNull()
    .default({ website: "", linkedin: "", twitter: "", facebook: "", instagram: "" }),
  companyAddress: text().notNull().default(""),
  primaryColor: text().notNull().default("#0071b9"),
  secondaryColor: text().notNull().default("#00c68c"),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const emailClickTracking = pgTable(
  "email_click_tracking",
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberEmail: text().notNull(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    trackingId: text().notNull().unique("email_click_tracking_tracking_id_unique"),
    originalUrl: text().notNull(),
    utmSource: text().notNull().default("newsletter"),
    utmMedium: text().notNull().default("email"),
    utmCampaign: text().notNull().default("welcome-discount"),
    clickedAt: timestamp({ withTimezone: true }),
    isClicked: boolean().notNull().default(false),
    clickCount: integer().notNull().default(0),
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_click_tracking_store_created_idx").on(table.storeId, table.createdAt.desc())],
);
