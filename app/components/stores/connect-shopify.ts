import { apiRequest, failureMessage } from "~/lib/api-client";
import type { SiteDraft } from "~/lib/schemas/stores";

export type ConnectOutcome = { ok: boolean; message: string } | null;

/**
 * After a Shopify store is created with an access token, connects it (the custom-app path): the token is
 * verified against the Admin API and the store marked Connected. Null when there is nothing to connect.
 */
export async function connectCreatedStore(storeId: string, draft: SiteDraft): Promise<ConnectOutcome> {
  const accessToken = draft.accessToken.trim();
  if (draft.integrationType !== "shopify" || !accessToken) return null;
  const shop =
    draft.shopifyMode === "store-name"
      ? { shopifyStoreName: draft.shopifyStoreName }
      : { shopifyUrl: draft.customDomain };
  try {
    const { message } = await apiRequest<{ message: string }>(
      "POST",
      `/api/stores/${storeId}/shopify/connect`,
      { ...shop, accessToken },
    );
    return { ok: true, message };
  } catch (error) {
    return { ok: false, message: failureMessage(error, "Failed to verify Shopify connection") };
  }
}
