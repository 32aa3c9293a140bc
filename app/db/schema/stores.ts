import { boolean, date, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { WELCOME_EMAIL_SENDERS } from "~/lib/schemas/consent-sync";
import { integrationTypes } from "~/lib/schemas/stores";
import type { SocialNetwork } from "../../../popup/config";
import { organizations } from "./organizations";
import { users } from "./users";

export type SocialLinks = Record<SocialNetwork, string>;

export const emptySocialLinks: SocialLinks = {
  linkedin: "",
  twitter: "",
  youtube: "",
  instagram: "",
  facebook: "",
  reddit: "",
  quora: "",
};

export const integrationType = pgEnum("integration_type", integrationTypes);

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
    integrationType: integrationType().notNull().default("typical"),
    /** The store icon as an image data URL (SPEC onboarding step 1). */
    icon: text(),
    shopifyUrl: text(),
    shopifyStoreName: text(),
    customDomain: text(),
    /** AES-256-GCM ciphertext; only ever returned masked. */
    shopifyAccessToken: text(),
    isConnected: boolean().notNull().default(false),
    /**
     * When Shopify last refused the shop's access token (401) and a renewal did not help: the store is Not
     * Connected until the shop's next token exchange gives a working token (docs/decisions/161).
     */
    shopifyRefusedAt: timestamp({ withTimezone: true }),
    /** The myshopify.com domain of a shop that installed the embedded app (one store per installed shop). */
    shopifyDomain: text().unique(),
    /**
     * The myshopify.com domain whose install created this store (with its organization), or null: a store
     * created in the dashboard, which a shop may be linked to later (Connect with Shopify). shop/redact
     * erases a store its shop's install created, and only unlinks any other (docs/decisions/207).
     */
    createdByShop: text(),
    /** Copy each subscriber to Shopify as a customer with email marketing consent (issue: consent sync). */
    consentSyncEnabled: boolean().notNull().default(false),
    /**
     * Who welcomes a subscriber whose consent goes to Shopify: the app's welcome email, or Shopify's own
     * "customer subscribed" automation, never both (docs/decisions/165).
     */
    welcomeEmailSender: text({ enum: WELCOME_EMAIL_SENDERS }).notNull().default("app"),
    isVerified: boolean().notNull().default(false),
    activeScriptVersion: text(),
    activeScriptTimestamp: timestamp({ withTimezone: true }),
    /** The last installation check (SPEC §9: its answer is reused for 5 minutes) and what it found. */
    verificationCheckedAt: timestamp({ withTimezone: true }),
    verificationMessage: text(),
    /**
     * When the theme app embed last loaded the popup on the storefront (its script tag's marker, passed on
     * the public popups request): the Integration page's "Turn on the app embed" status. Written at most
     * once a minute per store.
     */
    appEmbedSeenAt: timestamp({ withTimezone: true }),
    /** ISO 4217: fixed-amount offers and minimum subtotals are in it (a Shopify shop's, read from Shopify). */
    currency: text().notNull().default("USD"),
    /** Linked from the popup's consent sentence; null: a Shopify shop's own policy page, else no link. */
    privacyPolicyUrl: text(),
    socialLinks: jsonb().$type<SocialLinks>().notNull().default(emptySocialLinks),
    /** Notification bookkeeping: the last new-subscriber batch mailed, the last unsubscribe alert day. */
    subscribersNotifiedUntil: timestamp({ withTimezone: true }),
    unsubscribeAlertedOn: date({ mode: "string" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("stores_organization_idx").on(table.organizationId, table.createdAt)],
);
