import type { CampaignAudience, CampaignStatus } from "./campaigns";
import type { EmailDesign } from "./email-template";

/**
 * What the campaign screens receive from the campaigns API (docs/decisions/015), as JSON: times are ISO
 * strings. The body of a campaign is a list of blocks, each with an id the editor makes.
 */
export type CampaignBlock =
  | { id: string; type: "text"; text: string }
  | { id: string; type: "button"; label: string; url: string }
  | { id: string; type: "image"; url: string; alt: string; link: string }
  | { id: string; type: "discountCode" }
  | { id: string; type: "divider" };

export type CampaignBlockType = CampaignBlock["type"];

/** The frame (the email template's header, colours, links and footer) around the blocks. */
export type CampaignFrame = Omit<EmailDesign, "bodyContent">;
export type CampaignContent = CampaignFrame & { blocks: CampaignBlock[] };

/** The recipients frozen when the send started, by state; all zero for a draft. */
export type CampaignProgress = {
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  pending: number;
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
  content: CampaignContent;
  audience: CampaignAudience;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/stores/:storeId/campaigns/:campaignId. */
export type CampaignView = CampaignFields & {
  /** How many subscribers the saved audience matches now. */
  audienceCount: number;
  progress: CampaignProgress;
};

/** One row of GET /api/stores/:storeId/campaigns, with its headline figures. */
export type CampaignListItem = CampaignFields & {
  recipients: number;
  delivered: number;
  failed: number;
  uniqueClicks: number;
  /** 0–100, one decimal. */
  clickRate: number;
};

/** GET /api/stores/:storeId/campaigns/:campaignId/stats. */
export type CampaignStats = {
  recipients: number;
  delivered: number;
  failed: number;
  pending: number;
  uniqueClicks: number;
  totalClicks: number;
  /** 0–100, one decimal. */
  clickRate: number;
  unsubscribes: number;
  /** Orders attributed to the campaign's links; null while attribution is not available. */
  revenue: { amount: string; currency: string; orders: number } | null;
  clicksPerDay: { day: string; clicks: number }[];
};

/** POST /api/stores/:storeId/campaigns/preview. */
export type CampaignPreview = { subject: string; html: string; text: string };

/** The store's sender, for a campaign without a from name of its own. */
export type StoreSender = { fromName: string; fromEmail: string };

/** The fields of a campaign the editor changes (PUT …/campaigns/:campaignId). */
export type EditableCampaign = Pick<
  CampaignFields,
  "name" | "subject" | "preheader" | "fromName" | "content" | "audience"
>;
