import { Checkbox } from "@shopify/polaris";
import { useState } from "react";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest } from "~/lib/api-client";
import type { ConsentSyncAnswer } from "~/lib/schemas/consent-sync";

export type ConsentSyncToggleProps = {
  storeId: string;
  /** stores.consentSyncEnabled as loaded. */
  enabled: boolean;
  /** Whether the store is connected to Shopify: sync cannot be turned on without it. */
  connected: boolean;
};

/** The Shopify card's consent sync switch: PUT /api/stores/:storeId/shopify/consent-sync. */
export function ConsentSyncToggle({ storeId, enabled, connected }: ConsentSyncToggleProps) {
  const toast = useToast();
  const [checked, setChecked] = useState(enabled);
  const { pending: saving, run } = useAction();

  async function change(next: boolean) {
    setChecked(next);
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
