import { useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import { type CreatedStore, emptySiteDraft, type SiteDraft, storePayload } from "~/lib/schemas/stores";
import { validateSiteDraft } from "~/lib/site-draft-validation";

/** The add-a-store draft shared by the onboarding wizard and the Add New Store modal. */
export function useStoreDraft() {
  const toast = useToast();
  const [draft, setDraft] = useState<SiteDraft>(emptySiteDraft);
  const [creating, setCreating] = useState(false);

  const change = (changes: Partial<SiteDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const reset = () => setDraft(emptySiteDraft);

  /** SPEC §5 step-1 rule: true when the draft may go on, otherwise an Error toast says why. */
  function checkSiteDetails(): boolean {
    const problem = validateSiteDraft(draft);
    if (problem) toast({ title: "Error", message: problem, tone: "critical" });
    return problem === null;
  }

  /**
   * Creates the store — connected to Shopify in the same call when a token was given, so a refused token
   * creates nothing and the step can be corrected; null after a failure toast.
   */
  async function create(): Promise<Received<CreatedStore> | null> {
    if (!checkSiteDetails()) return null;
    setCreating(true);
    try {
      const store = await apiRequest<Received<CreatedStore>>("POST", "/api/stores", storePayload(draft));
      toast({ title: "Success", message: "Store added successfully", tone: "success" });
      return store;
    } catch (error) {
      toast({ title: "Error", message: failureMessage(error, "Failed to add store"), tone: "critical" });
      return null;
    } finally {
      setCreating(false);
    }
  }

  return { draft, change, reset, creating, checkSiteDetails, create };
}
