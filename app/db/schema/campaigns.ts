import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import type { CampaignContent } from "~/lib/schemas/campaign-content";
import { type CampaignAudience, campaignStatuses, defaultCampaignAudience } from "~/lib/schemas/campaigns";
import { stores } from "./stores";
import { subscribers } from "./subscribers";

export const campaignStatus = pgEnum("campaign_status", campaignStatuses);

/** An email to a store's subscribers (issue 18): its content, its audience and where it is in its life. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** From the name; unique within the store. */
    slug: text().notNull(),
    subject: text().notNull(),
    preheader: text().notNull().default(""),
    /** Empty: the store's email settings' from name. */
    fromName: text().notNull().default(""),
    /** Fills [DISCOUNT_CODE] and the code block. Empty: each subscriber's welcome code (theirs, or the popup's). */
    discountCode: text().notNull().default(""),
    /** The email's frame and its blocks (app/lib/schemas/campaign-content.ts). */
    content: jsonb().$type<CampaignContent>().notNull(),
    audience: jsonb().$type<CampaignAudience>().notNull().default(defaultCampaignAudience),
    status: campaignStatus().notNull().default("draft"),
    scheduledAt: timestamp({ withTimezone: true }),
    /** When the first send began (the audience was frozen into campaign_sends), and when the last one ended. */
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique("campaigns_store_slug_unique").on(table.storeId, table.slug),
    index("campaigns_store_created_idx").on(table.storeId, table.createdAt),
  ],
);

/**
 * pending: waits for a worker (not before lockedUntil after a temporary failure); sending: claimed, the
 * worker's lease runs until lockedUntil; sent, failed: done; skipped: the address left the list before its
 * turn (unsubscribed, deleted), so nothing went.
 */
export const campaignSendStatus = pgEnum("campaign_send_status", [
  "pending",
  "sending",
  "sent",
  "failed",
  "skipped",
]);

/**
 * What a marketing message's outbox row holds (a campaign's, a flow's): its state, lease and attempt number
 * (services/email/leases.server.ts), the server's answer, and what its reader did with it.
 */
export const messageColumns = () => ({
  status: campaignSendStatus().notNull().default("pending"),
  attempts: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  messageId: text(),
  error: text(),
  sentAt: timestamp({ withTimezone: true }),
  /** When the subscriber unsubscribed through this message's link. */
  unsubscribedAt: timestamp({ withTimezone: true }),
  /** When this message bounced for good (the SMTP server's 5xx, or the provider's notification). */
  bouncedAt: timestamp({ withTimezone: true }),
  /** When its reader reported it as spam (the provider's notification). */
  complainedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One campaign's message to one subscriber: written for the whole audience when the campaign starts, so a
 * resumed, retried or re-run send mails nobody twice (one row per pair, claimed with a lease before it goes).
 */
export const campaignSends = pgTable(
  "campaign_sends",
  {
    id: uuid().primaryKey().defaultRandom(),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Null once the subscriber is deleted: the campaign's figures keep the message. */
    subscriberId: uuid().references(() => subscribers.id, { onDelete: "set null" }),
    ...messageColumns(),
  },
  (table) => [
    unique("campaign_sends_campaign_subscriber_unique").on(table.campaignId, table.subscriberId),
    // The worker's claim and the progress counts: one campaign's rows by status.
    index("campaign_sends_campaign_status_idx").on(table.campaignId, table.status, table.lockedUntil),
    index("campaign_sends_subscriber_idx").on(table.subscriberId),
  ],
);
