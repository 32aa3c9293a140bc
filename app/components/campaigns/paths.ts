import { sectionPath } from "~/lib/store-routing";

/** The screen of one campaign of a store. */
export const campaignPath = (storeId: string, campaignId: string) =>
  `${sectionPath("campaigns", storeId)}/${campaignId}`;

/** The store's campaigns API, or one campaign's (and its actions: `campaignApi(s, c, "send")`). */
export const campaignsApi = (storeId: string) => `/api/stores/${storeId}/campaigns`;
export const campaignApi = (storeId: string, campaignId: string, action?: string) =>
  `${campaignsApi(storeId)}/${campaignId}${action ? `/${action}` : ""}`;
