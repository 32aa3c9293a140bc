import { z } from "zod";
import type { ImportVendor } from "~/lib/subscriber-import/vendors";
import type { SuppressionKind, UnsubscribeSource } from "./suppression";

/** SPEC §9: the date ranges offered (days back from now) and the status filter. */
export const DATE_RANGES = ["7", "30", "90", "all"] as const;
export const STATUSES = ["all", "active", "unsubscribed"] as const;

export type DateRange = (typeof DATE_RANGES)[number];
export type SubscriberStatus = (typeof STATUSES)[number];

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
const MAX_SEARCH_LENGTH = 200;

export const subscriberFiltersSchema = z.object({
  dateRange: z.enum(DATE_RANGES, { error: "dateRange must be one of 7, 30, 90 or all" }).default("all"),
  status: z.enum(STATUSES, { error: "status must be one of all, active or unsubscribed" }).default("all"),
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    // PostgreSQL text cannot hold U+0000: the query would fail with a 500.
    .refine((search) => !search.includes("\u0000"), "search must not contain NUL characters")
    .default(""),
});

export type SubscriberFilters = z.infer<typeof subscriberFiltersSchema>;

/** GET /api/stores/:storeId/subscribers: the filters, the opaque keyset cursor and the page size. */
export const subscriberListQuerySchema = subscriberFiltersSchema.extend({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, "cursor is not valid")
    .optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

export const defaultFilters: SubscriberFilters = { dateRange: "all", status: "all", search: "" };

/** The filters of a screen URL: a value that is not valid falls back to its default instead of failing. */
export function readFilters(params: URLSearchParams): SubscriberFilters {
  const field = <K extends keyof SubscriberFilters>(key: K): SubscriberFilters[K] => {
    const parsed = subscriberFiltersSchema.shape[key].safeParse(params.get(key) ?? undefined);
    return parsed.success ? (parsed.data as SubscriberFilters[K]) : defaultFilters[key];
  };
  return { dateRange: field("dateRange"), status: field("status"), search: field("search") };
}

/** The filters as query parameters, defaults left out so that URLs stay short. */
export function filterParams(filters: SubscriberFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.dateRange !== defaultFilters.dateRange) params.set("dateRange", filters.dateRange);
  if (filters.status !== defaultFilters.status) params.set("status", filters.status);
  if (filters.search) params.set("search", filters.search);
  return params;
}

export function hasActiveFilters(filters: SubscriberFilters): boolean {
  return filterParams(filters).size > 0;
}

/** A subscriber as the list shows it. */
export type SubscriberListRow = {
  id: string;
  email: string;
  name: string | null;
  /** From the popup's extra-fields step (docs/decisions/186). */
  firstName: string | null;
  isActive: boolean;
  discountCodeSent: string | null;
  discountCodeUsed: boolean;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
  /** Their welcome email is held: the store's email was not set up (app/lib/schemas/held-emails.ts). */
  welcomeHeld: boolean;
  /** No email goes to the address any more: it bounced or its reader complained, why and when (null: it gets mail). */
  suppression: SuppressionKind | null;
  suppressionReason: string | null;
  suppressedAt: Date | null;
};

/** One page of GET /api/stores/:storeId/subscribers (and of the Subscribers screen's loader). */
export type SubscriberPage = {
  subscribers: SubscriberListRow[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /**
   * Subscribers matching the filters: exact with no search and no date range (the store's counters),
   * otherwise counted up to a cap (1,000 for a search, 10,000 for a date range); a date range past its cap
   * is still exact while fewer than 10,000 subscribers are older than the range.
   */
  total: number;
  /** True when more than the cap match (total then reads the cap). */
  totalIsCapped: boolean;
  /** SPEC §2: the sync button appears only when some subscriber has a code sent but not used. */
  hasUnusedCodes: boolean;
  /** Whether the store has any subscriber at all (tells "none yet" from "none match"). */
  hasSubscribers: boolean;
};

/** GET /api/stores/:storeId/subscribers/:subscriberId: every captured field and the consent record. */
export type SubscriberDetail = SubscriberListRow & {
  phone: string | null;
  /** The extra-fields step's: birthday day and month, when the phone's own consent line was ticked and its words. */
  birthdayDay: number | null;
  birthdayMonth: number | null;
  phoneConsentedAt: Date | null;
  phoneConsentText: string | null;
  company: string | null;
  address: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  sessionId: string | null;
  source: string;
  consentPageUrl: string | null;
  consentIp: string | null;
  consentUserAgent: string | null;
  consentedAt: Date;
  confirmationRequired: boolean;
  confirmedAt: Date | null;
  tags: string[] | null;
  /** What the import file said of this address's consent, as written ("Accepts Email Marketing: no"). */
  importConsent: string | null;
  /** Who made the address not subscribed (docs/decisions/209); null while subscribed. */
  unsubscribeSource: UnsubscribeSource | null;
  /** The file this address was imported from, and the export it looked like; null: not imported. */
  importFile: { fileName: string; vendor: ImportVendor } | null;
  /** The subscriber's own emails (welcome, confirmation request) and what became of each. */
  emails: SubscriberEmail[];
};

export type SubscriberEmail = {
  kind: "welcome" | "confirmation";
  status: "pending" | "sending" | "retrying" | "sent" | "failed" | "held" | "discarded" | "suppressed";
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
};
