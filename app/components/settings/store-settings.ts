import type { ToastMessage } from "~/components/toast";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import type { StoreView } from "~/lib/schemas/stores";

/** The store as Settings holds it: from the loader, then from each save's answer. */
export type StoreSettingsView = Received<StoreView>;

type Toast = (toast: ToastMessage) => void;

/**
 * One store edit from Settings: PUT /api/stores/{id} with the changed fields, a toast either way.
 * Resolves the updated store, or the reason the save failed, for the field (which stays in edit mode).
 */
export async function saveStoreChange(
  storeId: string,
  changes: Record<string, unknown>,
  messages: { success: string; failure: string },
  toast: Toast,
): Promise<StoreSettingsView | { refused: string }> {
  try {
    const updated = await apiRequest<StoreSettingsView>("PUT", `/api/stores/${storeId}`, changes);
    toast({ title: "Success", message: messages.success, tone: "success" });
    return updated;
  } catch (error) {
    const reason = failureMessage(error, messages.failure);
    toast({ title: "Error", message: reason, tone: "critical" });
    const onField = Object.values(serverFieldErrors(error))[0];
    return { refused: onField ?? reason };
  }
}
