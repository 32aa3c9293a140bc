/** SPEC click stats: welcome emails sent, clicks on their links, and the share of emails clicked (%). */
export type ClickStats = { clickRate: number; totalEmails: number; totalClicks: number };

/**
 * One tracked link of one email: the Email Analytics table's row. The subscriber's address and the click's IP
 * are null for a viewer without View Subscribers (they are subscriber data, like the list and the export).
 */
export type TrackedLink = {
  id: string;
  subscriberEmail: string | null;
  originalUrl: string;
  linkHost: string | null;
  createdAt: Date;
  isClicked: boolean;
  clickedAt: Date | null;
  clickCount: number;
  ipAddress: string | null;
};

/** The Email Analytics screen: the stats, the most recent tracked links, and sends and clicks per day. */
export type EmailAnalytics = {
  stats: ClickStats;
  clickData: TrackedLink[];
  days: { date: string; sent: number; clicks: number }[];
};
