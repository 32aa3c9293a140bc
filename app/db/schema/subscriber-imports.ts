import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { SubscriberImportSummary } from "~/lib/schemas/subscriber-import";
import { stores } from "./stores";

/**
 * One CSV import that was written (a refused file leaves none): the file's name and the export it looked
 * like are the source of its subscribers' consent, and `summary` what the import answered.
 */
export const subscriberImports = pgTable(
  "subscriber_imports",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    /** The export the header looked like (lib/subscriber-import/vendors.ts), "generic" for any other file. */
    vendor: text().notNull(),
    summary: jsonb().$type<SubscriberImportSummary>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("subscriber_imports_store_idx").on(table.storeId, table.createdAt.desc())],
);

/**
 * Every row of an import's file that did not become an active subscriber — recorded as not subscribed, a
 * repeat of an earlier row, an address already on the list, refused — for the merchant to download.
 */
export const subscriberImportReport = pgTable(
  "subscriber_import_report",
  {
    importId: uuid()
      .notNull()
      .references(() => subscriberImports.id, { onDelete: "cascade" }),
    line: integer().notNull(),
    email: text().notNull(),
    outcome: text().notNull(),
    detail: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.line] })],
);
