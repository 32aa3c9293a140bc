import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  type CartValidation,
  defaultCartValidation,
  defaultConsentText,
  defaultEmailValidation,
  defaultPopupDesign,
  defaultPopupFields,
  defaultPopupLayout,
  defaultPopupSubtitle,
  defaultPopupTargeting,
  defaultPopupTitle,
  defaultPopupVariants,
  type EmailValidation,
  type PopupDesign,
  type PopupFields,
  type PopupLayout,
  type PopupTargeting,
  type PopupVariant,
  popupAnimations,
  popupTriggers,
} from "../../../popup/config";
import { type OfferKind, offerKinds } from "../../../popup/offer";
import type { PrizeWheel } from "../../../popup/prize-wheel";
import { defaultPopupSteps, type PopupSteps } from "../../../popup/steps";
import { defaultPopupLanguages, type PopupLanguage } from "../../../popup/texts";
import { stores } from "./stores";
import { subscribers } from "./subscribers";

export const popupTrigger = pgEnum("popup_trigger", popupTriggers);
export const popupAnimation = pgEnum("popup_animation", popupAnimations);

/** draft: never published, shown to no one; live: its published version shows; paused: published, shown to no one. */
export const popupStatuses = ["draft", "live", "paused"] as const;
export type PopupStatus = (typeof popupStatuses)[number];
export const popupStatus = pgEnum("popup_status", popupStatuses);

/**
 * The columns of a popup that shoppers see (or that decide who sees it): what a published popup's edits keep
 * in `draft` until they are published (docs/decisions/212). Its name, status and order are not among them.
 * (Spelled out: a type read from the table would refer to itself through `draft`.)
 */
export type PopupContent = {
  targeting: PopupTargeting;
  design: PopupDesign;
  variants: PopupVariant[];
  steps: PopupSteps;
  title: string;
  subtitle: string;
  buttonText: string;
  consentText: string;
  languages: PopupLanguage[];
  fields: PopupFields;
  emailValidation: EmailValidation;
  cartValidation: CartValidation;
  discountCode: string;
  discountPercentage: number;
  offerKind: OfferKind;
  discountAmount: number;
  minimumSubtotal: number | null;
  wheel: PrizeWheel | null;
  codeValidDays: number;
  codeUsageLimit: number;
  displayTrigger: (typeof popupTriggers)[number];
  animation: (typeof popupAnimations)[number];
  layout: PopupLayout;
  showExitIntentIfNotSubscribed: boolean;
  suppressAfterSubscription: boolean;
};

export const popupContentKeys: readonly (keyof PopupContent)[] = [
  "targeting",
  "design",
  "variants",
  "steps",
  "title",
  "subtitle",
  "buttonText",
  "consentText",
  "languages",
  "fields",
  "emailValidation",
  "cartValidation",
  "discountCode",
  "discountPercentage",
  "offerKind",
  "discountAmount",
  "minimumSubtotal",
  "wheel",
  "codeValidDays",
  "codeUsageLimit",
  "displayTrigger",
  "animation",
  "layout",
  "showExitIntentIfNotSubscribed",
  "suppressAfterSubscription",
];

/**
 * A store's popups. The oldest is the store's "first popup" (SPEC's /api/stores/:storeId/popup); a store
 * always keeps one. `priority` orders them, 1 first: when several match a page view, the first shows.
 */
export const popupConfigs = pgTable(
  "popup_configs",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull().default("Welcome popup"),
    priority: integer().notNull().default(1),
    targeting: jsonb().$type<PopupTargeting>().notNull().default(defaultPopupTargeting),
    design: jsonb().$type<PopupDesign>().notNull().default(defaultPopupDesign),
    /** 1–4 A/B variants; the first is the control. One variant: no test running. */
    variants: jsonb().$type<PopupVariant[]>().notNull().default(defaultPopupVariants),
    /** The opener and extra-fields steps around the email step (popup/steps.ts). */
    steps: jsonb().$type<PopupSteps>().notNull().default(defaultPopupSteps),
    title: text().notNull().default(defaultPopupTitle),
    subtitle: text().notNull().default(defaultPopupSubtitle),
    buttonText: text().notNull().default("SUBMIT"),
    /** The consent sentence under the button (plain text, [STORE_NAME] for the store's name). */
    consentText: text().notNull().default(defaultConsentText),
    /** Its languages, the default first, with the merchant's translations (popup/texts.ts). */
    languages: jsonb().$type<PopupLanguage[]>().notNull().default(defaultPopupLanguages),
    fields: jsonb().$type<PopupFields>().notNull().default(defaultPopupFields),
    emailValidation: jsonb().$type<EmailValidation>().notNull().default(defaultEmailValidation),
    cartValidation: jsonb().$type<CartValidation>().notNull().default(defaultCartValidation),
    discountCode: text().notNull().default("WELCOME15"),
    discountPercentage: integer().notNull().default(15),
    /** What the code gives (popup/offer.ts): the percentage above, `discountAmount` off, or free shipping. */
    offerKind: text({ enum: offerKinds }).$type<OfferKind>().notNull().default("percentage"),
    /** A "fixed-amount" offer's amount, in the store's currency. */
    discountAmount: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(10),
    /** The order subtotal (store's currency) from which the code works; null: any order. */
    minimumSubtotal: numeric({ precision: 12, scale: 2, mode: "number" }),
    /** A prize wheel instead of the fixed offer (popup/prize-wheel.ts), or null. */
    wheel: jsonb().$type<PrizeWheel>(),
    /** A subscriber's own Shopify code works for at least this many days. */
    codeValidDays: integer().notNull().default(30),
    /** How many orders each subscriber's own Shopify code may discount (and once per customer). */
    codeUsageLimit: integer().notNull().default(1),
    displayTrigger: popupTrigger().notNull().default("immediate"),
    animation: popupAnimation().notNull().default("slide-in"),
    layout: jsonb().$type<PopupLayout>().notNull().default(defaultPopupLayout),
    showExitIntentIfNotSubscribed: boolean().notNull().default(false),
    suppressAfterSubscription: boolean().notNull().default(true),
    /** A new popup is a draft; storefronts read only the columns of a live popup (docs/decisions/212). */
    status: popupStatus().notNull().default("draft"),
    /**
     * The edits of a published (live or paused) popup not yet published: every content column as the builder
     * shows it (popupContentKeys), or null when there are none. A draft's edits go to its columns at once.
     */
    draft: jsonb().$type<PopupContent>(),
    /** When the columns were last published; null for a draft. */
    publishedAt: timestamp({ withTimezone: true }),
    /** Whether discountCode exists in the connected Shopify store (null: not checked, e.g. not connected). */
    discountCodeInShopify: boolean(),
    discountCodeCheckedAt: timestamp({ withTimezone: true }),
    /** The prize wheel's codes the last check found missing in the connected Shopify store (null: not checked). */
    wheelCodesNotInShopify: text().array(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("popup_configs_store_priority_idx").on(table.storeId, table.priority, table.createdAt)],
);

/**
 * The one Shopify code discount of a popup's offer (its percentage, validity and usage limit): the
 * subscribers' own codes are redeem codes of it. The row is written before Shopify is asked, so its
 * `anchorCode` (the discount's first code, given to no one) finds a discount whose creation was cut off.
 */
export const offerDiscounts = pgTable(
  "offer_discounts",
  {
    id: uuid().primaryKey().defaultRandom(),
    popupId: uuid()
      .notNull()
      .references(() => popupConfigs.id, { onDelete: "cascade" }),
    /** "15%|30d|1" (+ "|min50" …): the offer this discount gives; a changed offer gets a discount of its own. */
    offer: text().notNull(),
    anchorCode: text().notNull(),
    /** The DiscountCodeNode's id, once Shopify created it. */
    shopifyDiscountId: text(),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("offer_discounts_popup_offer_idx").on(table.popupId, table.offer)],
);

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

/**
 * Impressions and subscribers per popup variant and day: the A/B test's counts, and beside them what was not
 * counted (docs/decisions/031): impressions over the per-address cap or without a visitor, subscribers
 * without a counted impression of the variant.
 */
export const popupVariantDays = pgTable(
  "popup_variant_days",
  {
    popupId: uuid()
      .notNull()
      .references(() => popupConfigs.id, { onDelete: "cascade" }),
    variantId: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    impressions: integer().notNull().default(0),
    subscribers: integer().notNull().default(0),
    impressionsNotCounted: integer().notNull().default(0),
    subscribersNotCounted: integer().notNull().default(0),
    /** Counted visitors who answered the opener "yes" (docs/decisions/186). */
    openerContinues: integer().notNull().default(0),
    /** Counted subscribers who then sent the extra-fields step. */
    extraFieldsContinues: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: "popup_variant_days_pk",
      columns: [table.popupId, table.variantId, table.day],
    }),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

/** Images uploaded for popups, served by the app (GET /api/public/images/:id) with a long cache. */
export const popupImages = pgTable(
  "popup_images",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
    byteSize: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("popup_images_store_idx").on(table.storeId)],
);

/**
 * Revenue attributed to popups: one row per Shopify order that used a popup's shared code or a
 * subscriber's unique code (the primary key makes a redelivered orders/create count once).
 */
export const orderAttributions = pgTable(
  "order_attributions",
  {
    storeId: uuid()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: text().notNull(),
    popupId: uuid().references(() => popupConfigs.id, { onDelete: "set null" }),
    variantId: text(),
    subscriberId: uuid().references(() => subscribers.id, {
      onDelete: "set null",
    }),
    code: text().notNull(),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    currency: text().notNull(),
    orderedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: "order_attributions_pk",
      columns: [table.storeId, table.orderId],
    }),
    index("order_attributions_popup_idx").on(table.popupId, table.orderedAt),
    index("order_attributions_store_day_idx").on(table.storeId, table.orderedAt),
  ],
);
