import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

export type SocialLinks = {
  linkedin: string;
  twitter: string;
  youtube: string;
  instagram: string;
  facebook: string;
  reddit: string;
  quora: string;
};

export const emptySocialLinks: SocialLinks = {
  linkedin: "",
  twitter: "",
  youtube: "",
  instagram: "",
  facebook: "",
  reddit: "",
  quora: "",
};

export const stores = pgTable(
  "stores",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The creator (SPEC: removed with the owner). */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    shopifyUrl: text(),
    shopifyStoreName: text(),
    customDomain: text(),
    /** AES-256-GCM ciphertext; only ever returned masked. */
    shopifyAccessToken: text(),
    isConnected: boolean().notNull().default(false),
    isVerified: boolean().notNull().default(false),
    activeScriptVersion: text(),
    activeScriptTimestamp: timestamp({ withTimezone: true }),
    socialLinks: jsonb().$type<SocialLinks>().notNull().default(emptySocialLinks),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stores_organization_idx").on(table.organizationId, table.createdAt)],
);
