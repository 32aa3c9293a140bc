import {
  boolean,
  date,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type CartValidation,
  defaultCartValidation,
  defaultEmailValidation,
  defaultPopupFields,
  defaultPopupLayout,
  defaultPopupSubtitle,
  defaultPopupTitle,
  type EmailValidation,
  type PopupFields,
  type PopupLayout,
  popupAnimations,
  popupTriggers,
} from "../../../popup/config";
import { stores } from "./stores";

export const popupTrigger = pgEnum("popup_trigger", popupTriggers);
export const popupAnimation = pgEnum("popup_animation", popupAnimations);

export const popupConfigs = pgTable("popup_configs", {
  id: uuid().primaryKey().defaultRandom(),
  storeId: uuid()
    .notNull()
    .unique("popup_configs_store_unique")
    .references(() => stores.id, { onDelete: "cascade" }),
  title: text().notNull().default(defaultPopupTitle),
  subtitle: text().notNull().default(defaultPopupSubtitle),
  buttonText: text().notNull().default("SUBMIT"),
  fields: jsonb().$type<PopupFields>().notNull().default(defaultPopupFields),
  emailValidation: jsonb().$type<EmailValidation>().notNull().default(defaultEmailValidation),
  cartValidation: jsonb().$type<CartValidation>().notNull().default(defaultCartValidation),
  discountCode: text().notNull().default("WELCOME15"),
  discountPercentage: integer().notNull().default(15),
  displayTrigger: popupTrigger().notNull().default("immediate"),
  animation: popupAnimation().notNull().default("slide-in"),
  layout: jsonb().$type<PopupLayout>().notNull().default(defaultPopupLayout),
  showExitIntentIfNotSubscribed: boolean().notNull().default(false),
  suppressAfterSubscription: boolean().notNull().default(true),
  isActive: boolean().notNull().default(true),
  /** Whether discountCode exists in the connected Shopify store (null: not checked, e.g. not connected). */
  discountCodeInShopify: boolean(),
  discountCodeCheckedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Popup views per store and day (the conversion rate's denominator); one row per day keeps beacons cheap. */
export const popupViews = pgTable(
  "popup_views",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    views: integer().notNull().default(0),
  },
  (table) => [primaryKey({ name: "popup_views_pk", columns: [table.storeId, table.day] })],
);
