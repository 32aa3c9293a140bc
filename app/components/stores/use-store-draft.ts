import { useState } from "react";
import { useToast } from "~/components/toast";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import {
  emptySiteDraft,
  type SiteDraft,
  type StoreView,
  storePayload,
  type TakenShop,
} from "~/lib/schemas/stores";
import {
  draftFieldOf,
  SITE_STEP_FIELDS,
  type SiteDraftErrors,
  validateSiteDraft,
} from "~/lib/site-draft-validation";

/**
 * The add-a-store draft shared by the onboarding wizard and the Add New Store modal. `takenShops`: the
 * organization's Shopify stores, so a second store for the same shop is refused at step 1 already.
 */
export function useStoreDraft(takenShops: readonly TakenShop[]) {
  const toast = useToast();
  const [draft, setDraft] = useState<SiteDraft>(emptySiteDraft);
  const [errors, setErrors] = useState<SiteDraftErrors>({});
  const [creating, setCreating] = useState(false);

  /** An edit; it clears the messages of the fields it changes (all of them when the type or mode changes). */
  const change = (changes: Partial<SiteDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setErrors((current) => {
      if ("integrationType" in changes || "shopifyMode" in changes) return {};
      const next = { ...current };
      for (const field of Object.keys(changes)) delete next[field as keyof SiteDraftErrors];
      return next;
    });
  };
  const reset = () => {
    setDraft(emptySiteDraft);
    setErrors({});
  };

  /** SPEC §5 step-1 rule: true when the draft may go on, otherwise an Error toast says why and the fields show it. */
  function checkSiteDetails(): boolean {
    const problem = validateSiteDraft(draft, takenShops);
    setErrors(problem?.errors ?? {});
    if (problem) toast({ title: "Error", message: problem.message, tone: "critical" });
    return problem === null;
  }

  /** Creates the store (Not Connected: Shopify stores connect afterwards); null after a failure toast, the refused fields marked. */
  async function create(): Promise<Received<StoreView> | null> {
    if (!checkSiteDetails()) return null;
    setCreating(true);
    try {
      const store = await apiRequest<Received<StoreView>>("POST", "/api/stores", storePayload(draft));
      toast({ title: "Success", message: "Store added successfully", tone: "success" });
      return store;
    } catch (error) {
      const refused: SiteDraftErrors = {};
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        const draftField = draftFieldOf(draft, field);
        if (draftField) refused[draftField] ??= message;
      }
      setErrors(refused);
      toast({ title: "Error", message: failureMessage(error, "Failed to add store"), tone: "critical" });
      return null;
    } finally {
      setCreating(false);
    }
  }

  /** A refused field of step 1 (Add Your Site): the wizard goes back there to show it. */
  const siteStepRefused = SITE_STEP_FIELDS.some((field) => errors[field]);

  return { draft, errors, siteStepRefused, change, reset, creating, checkSiteDetails, create };
}
