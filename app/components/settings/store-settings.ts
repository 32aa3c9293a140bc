import type { ToastMessage } from "~/components/toast";
import { apiRequest, failureMessage } from "~/lib/api-client";
import type { SocialNetwork } from "../../../popup/config";

/** The store as Settings shows it: the access token arrives masked (first 4 + last 4). */
export type StoreSettingsView = {
  id: string;
  name: string;
  integrationType: "typical" | "shopify";
  shopifyUrl: string | null;
  customDomain: string | null;
  shopifyAccessToken: string | null;
  isConnected: boolean;
  consentSyncEnabled: boolean;
  socialLinks: Record<SocialNetwork, string>;
};

type Toast = (toast: ToastMessage) => void;

/**
 * One store edit from Settings: PUT /api/stores/{id} with the changed fields, a toast either way.
 * Resolves the updated store, or null when the save failed (the field stays in edit mode).
 */
export async function saveStoreChange(
  storeId: string,
  changes: Record<string, unknown>,
  messages: { success: string; failure: string },
  toast: Toast,
): Promise<StoreSettingsView | null> {
  try {
    const updated = await apiRequest<StoreSettingsView>("PUT", `/api/stores/${storeId}`, changes);
    toast({ title: "Success", message: messages.success, tone: "success" });
    return updated;
  } catch (error) {
    toast({ title: "Error", message: failureMessage(error, messages.failure), tone: "critical" });
    return null;
  }
}
