/** A subscriber as the list shows it (dates are Date from the loader, ISO strings from the API). */
export type SubscriberRow = {
  id: string;
  email: string;
  name: string | null;
  isActive: boolean;
  discountCodeSent: string | null;
  discountCodeUsed: boolean;
  subscribedAt: Date | string;
  unsubscribedAt: Date | string | null;
};

/** One page of GET /api/stores/:storeId/subscribers. */
export type SubscriberPageData = {
  subscribers: SubscriberRow[];
  nextCursor: string | null;
  total: number;
  totalIsCapped: boolean;
  hasUnusedCodes: boolean;
  hasSubscribers: boolean;
};

/** GET /api/stores/:storeId/subscribers/:subscriberId: every captured field and the consent record. */
export type SubscriberDetail = SubscriberRow & {
  phone: string | null;
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
  consentedAt: string;
  confirmationRequired: boolean;
  confirmedAt: string | null;
};
