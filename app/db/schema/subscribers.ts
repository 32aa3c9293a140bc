import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { suppressionKinds, unsubscribeSources } from "~/lib/schemas/suppression";
import type { WheelDraw } from "../../../popup/prize-wheel";
import { stores } from "./stores";
import { subscriberImports } from "./subscriber-imports";

/** Why no email goes to an address any more: it bounced for good, or its reader reported the mail as spam. */
export const emailSuppression = pgEnum("email_suppression", suppressionKinds);

/** Who made an address not subscribed (docs/decisions/209). */
export const unsubscribeSource = pgEnum("unsubscribe_source", unsubscribeSources);

export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    email: text().notNull(),
    name: text(),
    phone: text(),
    company: text(),
    address: text(),
    street: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    country: text(),
    /** The popup's extra-fields step (docs/decisions/186): first name, birthday (day and month), phone consent. */
    firstName: text(),
    birthdayDay: smallint(),
    birthdayMonth: smallint(),
    /** When the phone was given with its own consent line ticked, and that line's words. */
    phoneConsentedAt: timestamp({ withTimezone: true }),
    phoneConsentText: text(),
    /** When the extra-fields step was first sent (its continue counts once). */
    extraFieldsAt: timestamp({ withTimezone: true }),
    sessionId: text(),
    /** The language the popup showed in (one of its languages), which the welcome email follows; null: its default. */
    language: text(),
    discountCodeSent: text(),
    discountCodeUsed: boolean().notNull().default(false),
    /** A prize wheel's slice drawn for them at subscribe time, as the slice was then (its prize is their offer). */
    wheelDraw: jsonb().$type<WheelDraw>(),
    /**
     * The subscriber's own code while Shopify has not confirmed it (docs/decisions/162): minted once, so every
     * attempt (the subscription's wait, the code job's retries) adds and confirms this one code, never another.
     */
    pendingDiscountCode: text(),
    /** The DiscountRedeemCodeBulkCreation that adds the pending code, read until Shopify reports it done. */
    pendingCodeCreationId: text(),
    /** Why Shopify refused the subscriber's own code (they keep the popup's code); null when it did not. */
    discountCodeError: text(),
    /** The Shopify customer this subscriber's consent was synced to (gid://shopify/Customer/…). */
    shopifyCustomerId: text(),
    isActive: boolean().notNull().default(true),
    subscribedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    /**
     * Who made the address not subscribed (null while subscribed, and for a double opt-in awaiting its
     * confirmation): `subscriber` they left here, and no file ever subscribes them again; `import_opt_out` a
     * file says they left the vendor's list at `unsubscribed_at`; `import_no_consent` a file showed no consent.
     */
    unsubscribeSource: unsubscribeSource(),
    /** Consent record: where, when and from which client the address was given. */
    source: text().notNull().default("popup"),
    consentPageUrl: text(),
    consentIp: text(),
    consentUserAgent: text(),
    consentedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * False when `consented_at` is only when an import ran, its file giving no opt-in time (Shopify's): such a
     * consent is older than anything, and any opt-out a later file brings wins over it.
     */
    consentTimeKnown: boolean().notNull().default(true),
    /** The consent sentence and privacy link the popup showed (consent_texts.version); null: before 0027, imports. */
    consentVersion: text(),
    /** Double opt-in was on when this address subscribed: no welcome email before confirmation. */
    confirmationRequired: boolean().notNull().default(false),
    /** Set when a double opt-in confirmation link was used. */
    confirmedAt: timestamp({ withTimezone: true }),
    /** The popup and A/B variant this address subscribed through (null: before popups had ids, imports). */
    popupId: uuid(),
    variantId: text(),
    /**
     * The import whose file is the evidence of the address's status: the one that added it, or a later one
     * that unsubscribed it, or subscribed it from an import's "not subscribed" (null: never imported).
     */
    importId: uuid().references(() => subscriberImports.id, { onDelete: "set null" }),
    /** What that import's file said of the consent, as written ("Accepts Email Marketing: no", "UNSUB_TIME: …"). */
    importConsent: text(),
    tags: text().array(),
    /**
     * Set once the address bounced for good or its reader complained (docs/decisions/173): no email of any
     * kind goes to it again, and each send that would have is recorded as suppressed with this reason.
     */
    suppression: emailSuppression(),
    suppressionReason: text(),
    suppressedAt: timestamp({ withTimezone: true }),
    /** Sends that ran out of retries on temporary refusals of the address: the third suppresses it. */
    softBounces: integer().notNull().default(0),
  },
  (table) => [
    index("subscribers_import_idx").on(table.importId).where(sql`${table.importId} is not null`),
    // The daily retention job finds the consents whose network details are due to be cleared (services/retention/retention.server.ts).
    index("subscribers_consent_network_idx")
      .on(table.consentedAt)
      .where(sql`${table.consentIp} is not null or ${table.consentUserAgent} is not null`),
    uniqueIndex("subscribers_store_email_unique").on(table.storeId, sql`lower(${table.email})`),
    // DESC NULLS FIRST is what ORDER BY … DESC means: an index sorted NULLS LAST cannot serve it.
    index("subscribers_store_subscribed_idx").on(
      table.storeId,
      table.subscribedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Substring search on email and name (lower(x) LIKE '%term%') needs trigram indexes (pg_trgm).
    index("subscribers_email_trgm_idx").using("gin", sql`lower(${table.email}) gin_trgm_ops`),
    index("subscribers_name_trgm_idx").using("gin", sql`lower(${table.name}) gin_trgm_ops`),
    // Trigrams need 3 characters: a 1–2 character search is a prefix match, served by these (the
    // database collation is not C, so only text_pattern_ops lets a btree answer LIKE 'ab%').
    index("subscribers_store_email_prefix_idx").on(
      table.storeId,
      sql`lower(${table.email}) text_pattern_ops`,
    ),
    index("subscribers_store_name_prefix_idx").on(table.storeId, sql`lower(${table.name}) text_pattern_ops`),
    // "Is any code sent but not used?" (the sync button) stays instant however many codes were used.
    index("subscribers_unused_code_idx")
      .on(table.storeId)
      .where(sql`${table.discountCodeSent} is not null and ${table.discountCodeUsed} = false`),
    // An order's unique code names its subscriber (revenue attribution), used already or not, in any case.
    index("subscribers_store_code_idx")
      .on(table.storeId, sql`upper(${table.discountCodeSent})`)
      .where(sql`${table.discountCodeSent} is not null`),
  ],
);

/**
 * Every consent sentence and privacy link a store's popups were served with, by version (a hash of both):
 * a subscriber's consent_version names the exact words they agreed to (docs/decisions/152).
 */
export const consentTexts = pgTable(
  "consent_texts",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    version: text().notNull(),
    text: text().notNull(),
    privacyPolicyUrl: text(),
    firstShownAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: "consent_texts_pk", columns: [table.storeId, table.version] })],
);
