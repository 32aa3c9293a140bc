import { useCallback, useMemo, useState } from "react";
import { useToast } from "~/components/toast";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { ApiError, apiRequest, failureMessage, type Received } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import type { CampaignContent } from "~/lib/schemas/campaign-content";
import type { CampaignDetail, EditableCampaign } from "~/lib/schemas/campaign-views";
import { updateCampaignSchema } from "~/lib/schemas/campaigns";
import { campaignApi } from "./paths";

/** Field messages keyed by their path ("subject", "audience.to", "content.blocks.2.url"). */
export type FieldErrors = Record<string, string>;

export function editableOf({
  name,
  subject,
  preheader,
  fromName,
  discountCode,
  content,
  audience,
}: Received<CampaignDetail>): EditableCampaign {
  return { name, subject, preheader, fromName, discountCode, content, audience };
}

/** The fields checked in the browser, with the server's messages; the content is checked when saved. */
const checkedFields = updateCampaignSchema.pick({
  name: true,
  subject: true,
  preheader: true,
  fromName: true,
  discountCode: true,
  audience: true,
});

function errorsOf({ content: _checkedWhenSaved, ...checked }: EditableCampaign): FieldErrors {
  const parsed = checkedFields.safeParse(checked);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

/** A 409: the campaign's state forbids the action (no longer a draft, no email set up, nobody to send to). */
export const isConflict = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

type Options = {
  storeId: string;
  campaign: Received<CampaignDetail>;
  /** After a save: reads the campaign again (its audience count follows the saved audience). */
  onSaved: () => Promise<void>;
  /** A refusal the merchant must act on elsewhere, shown as a banner. */
  onConflict: (message: string) => void;
};

/**
 * The draft as edited, saved explicitly (like the template editor): unsaved changes hold the page
 * (leaving asks first) until saved or discarded.
 */
export function useCampaignDraft({ storeId, campaign, onSaved, onConflict }: Options) {
  const toast = useToast();
  const [draft, setDraft] = useState(() => editableOf(campaign));
  const [saved, setSaved] = useState(draft);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const errors = useMemo(() => ({ ...serverErrors, ...errorsOf(draft) }), [draft, serverErrors]);

  const edit = useCallback((patch: Partial<EditableCampaign>) => {
    setServerErrors({});
    setDraft((current) => ({ ...current, ...patch }));
  }, []);

  const editContent = useCallback((patch: Partial<CampaignContent>) => {
    setServerErrors({});
    setDraft((current) => ({ ...current, content: { ...current.content, ...patch } }));
  }, []);

  /** Saves the changes, if any; resolves whether the campaign is now saved as shown. */
  async function save(): Promise<boolean> {
    if (!dirty) return true;
    if (Object.keys(errorsOf(draft)).length > 0) {
      toast({ title: "Campaign not saved", message: "Correct the fields marked in red", tone: "critical" });
      return false;
    }
    setSaving(true);
    try {
      await apiRequest("PUT", campaignApi(storeId, campaign.id), draft);
      setSaved(draft);
      await onSaved();
      toast({ title: "Success", message: "Campaign saved", tone: "success" });
      return true;
    } catch (error) {
      if (isConflict(error)) onConflict(failureMessage(error, "The campaign can no longer be changed"));
      else {
        setServerErrors(serverFieldErrors(error));
        toast({
          title: "Error",
          message: failureMessage(error, "Failed to save the campaign"),
          tone: "critical",
        });
      }
      return false;
    } finally {
      setSaving(false);
    }
  }

  function discard() {
    setServerErrors({});
    setDraft(saved);
  }

  useUnsavedChanges(dirty, { save, discard });

  return { draft, dirty, errors, saving, edit, editContent, save, discard };
}
