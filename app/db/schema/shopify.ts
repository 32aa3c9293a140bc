import { bigint, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { stores } from "./stores";
import { users } from "./users";

/**
 * Shopify sessions of the embedded app, in the shape @shopify/shopify-app-session-storage-drizzle reads
 * and writes. The access and refresh tokens are stored encrypted (see app/shopify.server.ts).
 */
export const shopifySessions = pgTable(
  "shopify_sessions",
  {
    id: text().primaryKey(),
    shop: text().notNull(),
    state: text().notNull(),
    isOnline: boolean().notNull().default(false),
    scope: text(),
    expires: timestamp({ mode: "date" }),
    accessToken: text(),
    userId: bigint({ mode: "number" }),
    firstName: text(),
    lastName: text(),
    email: text(),
    accountOwner: boolean(),
    locale: text(),
    collaborator: boolean(),
    emailVerified: boolean(),
    refreshToken: text(),
    refreshTokenExpires: timestamp({ mode: "date" }),
  },
  (table) => [index("shopify_sessions_shop_idx").on(table.shop)],
);

/** Webhook deliveries already accepted, by X-Shopify-Event-Id: a redelivery is acknowledged and skipped. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    eventId: text().primaryKey(),
    /** The delivery's own id (X-Shopify-Webhook-Id): a replay under a fresh event id is still a duplicate. */
    webhookId: text().unique("webhook_events_webhook_id_unique"),
    topic: text().notNull(),
    shop: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("webhook_events_received_idx").on(table.receivedAt)],
);

/**
 * Connect with Shopify under way: an administrator asked to link this store to the shop that installs the app
 * next (docs/decisions/164). One per user, single-use (taken when they confirm the link) and short-lived.
 */
export const shopifyLinkRequests = pgTable(
  "shopify_link_requests",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index("shopify_link_requests_expires_idx").on(table.expiresAt)],
);
