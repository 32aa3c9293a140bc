import { sectionPath } from "~/lib/store-routing";

/** The screen of one flow of a store. */
export const flowPath = (storeId: string, flowId: string) => `${sectionPath("flows", storeId)}/${flowId}`;

/** The store's flows API, or one flow's (and its parts: `flowApi(s, f, "stats")`). */
export const flowsApi = (storeId: string) => `/api/stores/${storeId}/flows`;
export const flowApi = (storeId: string, flowId: string, part?: string) =>
  `${flowsApi(storeId)}/${flowId}${part ? `/${part}` : ""}`;
