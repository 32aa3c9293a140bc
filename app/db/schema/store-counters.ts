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
    couponsUsed: bigint({ mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ name: "store_counters_pk", columns: [table.storeId, table.shard] })],
);
