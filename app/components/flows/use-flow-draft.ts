import { useState } from "react";
import type { FieldErrors } from "~/components/campaigns/use-campaign-draft";
import { useToast } from "~/components/toast";
import { useUnsavedChanges } from "~/components/unsaved-changes";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-errors";
import type { FlowDetail } from "~/lib/schemas/flow-views";
import type { FlowUpdate } from "~/lib/schemas/flows";
import { flowApi } from "./paths";

/** What the editor changes of a flow. */
export type EditableFlow = Required<
  Pick<FlowUpdate, "name" | "steps" | "exitOnOrder" | "checkoutDelayMinutes" | "timeZone">
>;

const editableOf = ({
  name,
  steps,
  exitOnOrder,
  checkoutDelayMinutes,
  timeZone,
}: Received<FlowDetail>): EditableFlow => ({
  name,
  steps,
  exitOnOrder,
  checkoutDelayMinutes,
  timeZone,
});

/**
 * The flow as edited, saved explicitly (as a campaign's draft is); `change` sends one change at once (start,
 * pause) and shows the flow the server answered with.
 */
export function useFlowDraft(
  storeId: string,
  flow: Received<FlowDetail>,
  replace: (flow: Received<FlowDetail>) => void,
) {
  const toast = useToast();
  const [draft, setDraft] = useState(() => editableOf(flow));
  const [saved, setSaved] = useState(draft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  function edit(patch: Partial<EditableFlow>) {
    setErrors({});
    setDraft((current) => ({ ...current, ...patch }));
  }

  async function change(body: FlowUpdate, done: string): Promise<boolean> {
    setSaving(true);
    try {
      const answer = await apiRequest<Received<FlowDetail>>("PUT", flowApi(storeId, flow.id), body);
      setSaved(editableOf(answer));
      setDraft(editableOf(answer));
      replace(answer);
      toast({ title: "Success", message: done, tone: "success" });
      return true;
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast({
        title: "Error",
        message: failureMessage(error, "Failed to save the automation"),
        tone: "critical",
      });
      return false;
    } finally {
      setSaving(false);
    }
  }

  const save = async () => (dirty ? change(draft, "Automation saved") : true);
  const discard = () => {
    setErrors({});
    setDraft(saved);
  };
  useUnsavedChanges(dirty, { save, discard });
  return { draft, dirty, errors, saving, edit, change, save, discard };
}
