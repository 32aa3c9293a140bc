import type { CampaignContent } from "./campaign-content";
import type { CampaignAudience, CampaignStatus } from "./campaigns";
import type { AttributedRevenue } from "./popup-stats";

/**
 * What the campaigns API answers (docs/decisions/015): the services declare these as their return types,
 * the screens read them. Through the JSON API a Date arrives as a string: screens take `Received<T>`.
 */

/** Where a campaign's frozen recipients are: every row of campaign_sends counted once; zeros before it starts. */
export type CampaignProgress = {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
};

/** The campaign list's headline figures. */
export type CampaignFigures = {
  recipients: number;
  delivered: number;
  failed: number;
  uniqueClicks: number;
  /** Percent of delivered messages with a click, one decimal. */
  clickRate: number;
};

type CampaignFields = {
  id: string;
  storeId: string;
  name: string;
  slug: string;
  subject: string;
  preheader: string;
  /** Empty: the store's email settings' from name. */
  fromName: string;
  /** Empty: each subscriber's welcome code. */
  discountCode: string;
  content: CampaignContent;
  audience: CampaignAudience;
  status: CampaignStatus;
  scheduledAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** GET /api/stores/:storeId/campaigns/:campaignId. */
export type CampaignDetail = CampaignFields & {
  /** How many subscribers the saved audience matches now. */
  audienceCount: number;
  progress: CampaignProgress;
};

/** One row of GET /api/stores/:storeId/campaigns. */
export type CampaignListItem = CampaignFields & CampaignFigures;

/** GET /api/stores/:storeId/campaigns/:campaignId/stats. */
export type CampaignStats = {
  recipients: number;
  delivered: number;
  failed: number;
  pending: number;
  uniqueClicks: number;
  totalClicks: number;
  /** Percent of delivered messages with a click, one decimal. */
  clickRate: number;
  unsubscribes: number;
  /** Messages refused for good (the SMTP server's 5xx, or the provider's bounce notification). */
  bounces: number;
  /** Messages their readers reported as spam (the provider's complaint notification). */
  complaints: number;
  /** Orders its messages led to, per currency; empty when none. */
  revenue: AttributedRevenue[];
  clicksPerDay: { day: string; clicks: number }[];
};

/** The store's sender, for a campaign without a from name of its own. */
export type StoreSender = { fromName: string; fromEmail: string };

/** What the campaign editor changes (PUT …/campaigns/:campaignId). */
export type EditableCampaign = Pick<
  CampaignFields,
  "name" | "subject" | "preheader" | "fromName" | "discountCode" | "content" | "audience"
>;
