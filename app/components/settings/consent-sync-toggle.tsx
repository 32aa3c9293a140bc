import { Checkbox } from "@shopify/polaris";
import { useState } from "react";
import { appBridge, useEmbedded } from "~/components/embedded";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import { type ConsentSyncAnswer, CUSTOMER_WRITE_SCOPE } from "~/lib/schemas/consent-sync";

export type ConsentSyncToggleProps = {
  storeId: string;
  /** stores.consentSyncEnabled as loaded. */
  enabled: boolean;
  /** Whether the store is connected to Shopify: sync cannot be turned on without it. */
  connected: boolean;
};

/**
 * Inside the admin, customer access is an optional scope: App Bridge shows Shopify's grant modal when it
 * is not granted yet. True once it is. (A standalone store's token had its scopes checked on connecting.)
 */
async function customerAccessGranted(): Promise<boolean> {
  const scopes = appBridge()?.scopes;
  if (!scopes) return true;
  const { granted } = await scopes.query();
  if (granted.includes(CUSTOMER_WRITE_SCOPE)) return true;
  const answer = await scopes.request([CUSTOMER_WRITE_SCOPE]);
  return answer.result === "granted-all";
}

/** The Shopify card's consent sync switch: PUT /api/stores/:storeId/shopify/consent-sync. */
export function ConsentSyncToggle({ storeId, enabled, connected }: ConsentSyncToggleProps) {
  const toast = useToast();
  const embedded = useEmbedded();
  const [checked, setChecked] = useState(enabled);
  const { pending: saving, run } = useAction();

  async function change(next: boolean) {
    setChecked(next);
    if (next && embedded && !(await customerAccessGranted())) {
      setChecked(false);
      toast({ message: "Consent sync needs access to your Shopify customers", tone: "warning" });
      return;
    }
    const saved = await run(async () => {
      const answer = await apiRequest<ConsentSyncAnswer>(
        "PUT",
        `/api/stores/${encodeURIComponent(storeId)}/shopify/consent-sync`,
        { enabled: next },
      );
      setChecked(answer.consentSyncEnabled);
      toast({ title: "Success", message: answer.message, tone: "success" });
    }, "Failed to save settings");
    if (!saved) setChecked(!next);
  }

  return (
    <Checkbox
      label="Add subscribers to Shopify customers"
      helpText={
        connected
          ? "Each subscriber becomes a Shopify customer who accepts email marketing (confirmed opt-in with double opt-in); unsubscribes are passed on"
          : "Connect this store to Shopify first"
      }
      checked={checked}
      disabled={saving || (!connected && !checked)}
      onChange={change}
    />
  );
}
