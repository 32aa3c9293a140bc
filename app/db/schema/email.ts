import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { emailEventsProviders } from "~/lib/schemas/email-events";
import { defaultEmailTemplate, type TemplateSocialLinks } from "~/lib/schemas/email-template";
import { campaignSends } from "./campaigns";
import { flowSends } from "./flows";
import { stores } from "./stores";
import { subscribers } from "./subscribers";

export const emailEventsProvider = pgEnum("email_events_provider", emailEventsProviders);

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
  /**
   * When a test email last went through these settings; null since any change (or a failed test). Settings
   * show "Configured" only with it: saved settings may still point at a server that refuses or never answers.
   */
  verifiedAt: timestamp({ withTimezone: true }),
  /** The DKIM selector the merchant published the public key under (`selector._domainkey.domain`). */
  dkimSelector: text(),
  /** The DKIM private key (PEM), AES-256-GCM ciphertext like the SMTP password; only ever returned masked. */
  dkimPrivateKey: text(),
  /** Campaign messages per second through this server (the merchant's plan with their provider sets the ceiling). */
  campaignSendRate: integer().notNull().default(10),
  /**
   * Quiet hours (docs/decisions/193): no flow email goes out from `quietHoursStart`:00 to `quietHoursEnd`:00
   * (wrapping midnight when start is later) on the wall clock of `quietHoursTimeZone`; one due inside waits.
   */
  quietHoursEnabled: boolean().notNull().default(false),
  quietHoursStart: integer().notNull().default(21),
  quietHoursEnd: integer().notNull().default(8),
  quietHoursTimeZone: text().notNull().default("UTC"),
  /** The provider behind the SMTP server whose bounce and complaint webhook this store receives (docs/decisions/174). */
  eventsProvider: emailEventsProvider(),
  /** AES-256-GCM ciphertext of what verifies that provider's webhook; only ever returned masked. */
  eventsSecret: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const emailTemplates = pgTable("email_templates", {
  id: uuid().primaryKey().defaultRandom(),
  storeId: uuid()
    .notNull()
    .unique("email_templates_store_unique")
    .references(() => stores.id, { onDelete: "cascade" }),
  templateName: text().notNull().default("Welcome Email Template"),
  subject: text().notNull().default(defaultEmailTemplate.subject),
  headerLogo: text().notNull().default(""),
  headerText: text().notNull().default("Welcome to our newsletter!"),
  bodyContent: text().notNull().default(defaultEmailTemplate.bodyContent),
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

export const emailKind = pgEnum("email_kind", ["welcome", "confirmation"]);
/**
 * pending: to send, written with the subscriber (the outbox; locked_until: not before then); sending: a
 * worker holds the lease; retrying: a temporary failure, to try again; failed: permanent; held: not sent
 * because the store's email is not set up, until the merchant sends it (pending again) or discards it;
 * discarded: the merchant chose not to send a held email; suppressed: not sent because the address bounced
 * or complained (docs/decisions/173).
 */
export const emailSendStatus = pgEnum("email_send_status", [
  "pending",
  "sending",
  "retrying",
  "sent",
  "failed",
  "held",
  "discarded",
  "suppressed",
]);

/** One row per message a subscriber is sent: unique per (subscriber, kind), so a retried job never sends twice. */
export const emailSends = pgTable(
  "email_sends",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    subscriberId: uuid()
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    kind: emailKind().notNull(),
    status: emailSendStatus().notNull().default("sending"),
    attempts: integer().notNull().default(1),
    /** While status is sending: until when the current worker owns the send; while pending: not before. */
    lockedUntil: timestamp({ withTimezone: true }),
    messageId: text(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex("email_sends_subscriber_kind_unique").on(table.subscriberId, table.kind),
    index("email_sends_store_created_idx").on(table.storeId, table.createdAt.desc().nullsFirst()),
    // The outbox's claim: the sends that are due (pending, or a dead worker's lapsed lease).
    index("email_sends_due_idx").on(table.status, table.lockedUntil),
  ],
);

export const emailClickTracking = pgTable(
  "email_click_tracking",
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriberEmail: text().notNull(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** The message the link was in (null for rows made before sends were recorded). */
    sendId: uuid().references(() => emailSends.id, { onDelete: "cascade" }),
    /** A campaign's link: the message it was in (utmCampaign is the campaign's slug). */
    campaignSendId: uuid().references(() => campaignSends.id, { onDelete: "cascade" }),
    /** A flow email's link: the message it was in (utmCampaign is "flow-" and the flow's id). */
    flowSendId: uuid().references(() => flowSends.id, { onDelete: "cascade" }),
    trackingId: text().notNull().unique("email_click_tracking_tracking_id_unique"),
    originalUrl: text().notNull(),
    /** Where the link goes (the URL's host), so the owner sees at a glance which sites the email sends readers to. */
    linkHost: text(),
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
  (table) => [
    index("email_click_tracking_campaign_send_idx").on(table.campaignSendId),
    index("email_click_tracking_flow_send_idx")
      .on(table.flowSendId)
      .where(sql`${table.flowSendId} is not null`),
    index("email_click_tracking_store_created_idx").on(
      table.storeId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Bounce and complaint notifications already taken, by the provider's id for them: a replayed request
 * changes nothing (docs/decisions/174). Rows older than the providers' retry windows are deleted.
 */
export const emailEventReceipts = pgTable(
  "email_event_receipts",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    provider: emailEventsProvider().notNull(),
    eventId: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "email_event_receipts_pk", columns: [table.storeId, table.provider, table.eventId] }),
    index("email_event_receipts_received_idx").on(table.receivedAt),
  ],
);
