import { bigint, pgTable, primaryKey, smallint, uuid } from "drizzle-orm/pg-core";
import { stores } from "./stores";

/**
 * Per-store subscriber figures, kept exact by statement-level triggers on `subscribers` (the SQL is in
 * the migration that created this table). A store's figure is the sum of its rows: each database
 * session adds to its own shard, so concurrent subscribes to one store do not queue on one row lock
 * until their commits. Reading a sum of at most 64 rows replaces a count(*) over the store.
 */
export const storeCounters = pgTable(
  "store_counters",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    shard: smallint().notNull(),
    subscribers: bigint({ mode: "number" }).notNull().default(0),
    activeSubscribers: bigint({ mode: "number" }).notNull().default(0),
    /**
     * Subscribers by whether mail reaches them (subscriber_mailing_state in the migration): mailable is
     * whom a campaign to every subscriber goes to; the others are apart, by why not. Unsubscribed is the
     * rest: subscribers less these three.
     */
    mailableSubscribers: bigint({ mode: "number" }).notNull().default(0),
    unconfirmedSubscribers: bigint({ mode: "number" }).notNull().default(0),
    suppressedSubscribers: bigint({ mode: "number" }).notNull().default(0),
    couponsUsed: bigint({ mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ name: "store_counters_pk", columns: [table.storeId, table.shard] })],
);
