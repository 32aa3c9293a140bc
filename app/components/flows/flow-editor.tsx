import { BlockStack, Card, Checkbox, Page, Select, TextField } from "@shopify/polaris";
import { useState } from "react";
import { useAppContext } from "~/components/app-context";
import { SaveBar } from "~/components/campaigns/save-bar";
import { ConfirmModal } from "~/components/confirm-modal";
import { SendTestModal, TestNotSent } from "~/components/send-test-modal";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useScreenNavigate } from "~/components/use-screen-navigate";
import { apiRequest, type Received } from "~/lib/api-client";
import type { StoreSender } from "~/lib/schemas/campaign-views";
import type { FlowDetail } from "~/lib/schemas/flow-views";
import { sectionPath } from "~/lib/store-routing";
import { FlowResults } from "./flow-results";
import { flowApi } from "./paths";
import { FlowStatusBadge } from "./status-badge";
import { StepList } from "./step-list";
import { useFlowDraft } from "./use-flow-draft";

type Props = {
  store: { id: string; name: string };
  sender: StoreSender;
  flow: Received<FlowDetail>;
  replace: (flow: Received<FlowDetail>) => void;
};

const UNSAVED_TEST =
  "Your changes could not be saved, so no test was sent. Correct the fields marked in red, then try again.";

/** The IANA zones this browser knows (the ones the API accepts), with the flow's own first if it is not among them. */
function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes(current) ? zones : [current, ...zones];
}

/** A flow: its settings, its steps as a vertical list (emails edited as campaigns are), and its results. */
export function FlowEditor({ store, sender, flow, replace }: Props) {
  const { user } = useAppContext();
  const toast = useToast();
  const navigate = useScreenNavigate();
  const { pending, run } = useAction();
  const [testing, setTesting] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const { draft, dirty, errors, saving, edit, change, save, discard } = useFlowDraft(store.id, flow, replace);
  const listPath = sectionPath("flows", store.id);
  const live = flow.status === "live";

  async function toggle() {
    if (!(await save())) return;
    await change(
      { status: live ? "paused" : "live" },
      live ? "Automation paused: its subscribers wait where they are" : "Automation started",
    );
  }

  async function sendTest(to: string): Promise<string> {
    if (!(await save())) throw new TestNotSent(UNSAVED_TEST);
    const sent = await apiRequest<{ message: string }>("POST", flowApi(store.id, flow.id, "test"), {
      to,
      stepId: testing,
    });
    return sent.message;
  }

  async function remove() {
    discard();
    await run(async () => {
      await apiRequest("DELETE", flowApi(store.id, flow.id));
      toast({ title: "Success", message: "Automation deleted", tone: "success" });
      await navigate(listPath);
    }, "Failed to delete the automation");
    setDeleting(false);
  }

  return (
    <Page
      fullWidth
      backAction={{ content: "Automations", url: listPath }}
      title={flow.name}
      titleMetadata={<FlowStatusBadge status={flow.status} />}
      subtitle={
        flow.trigger === "checkout_abandoned"
          ? "Starts when a subscriber leaves a checkout"
          : "Starts when someone subscribes"
      }
      primaryAction={{ content: live ? "Pause" : "Start", onAction: () => void toggle(), loading: saving }}
      secondaryActions={[{ content: "Delete", destructive: true, onAction: () => setDeleting(true) }]}
    >
      <BlockStack gap="400">
        <SaveBar dirty={dirty} saving={saving} onSave={() => void save()} onDiscard={discard} />
        <FlowResults
          storeId={store.id}
          flowId={flow.id}
          steps={flow.steps}
          version={String(flow.updatedAt)}
        />
        <Card>
          <BlockStack gap="300">
            <TextField
              label="Name"
              value={draft.name}
              onChange={(name) => edit({ name })}
              error={errors.name}
              autoComplete="off"
              maxLength={100}
            />
            <Checkbox
              label="Stop when the subscriber orders"
              checked={draft.exitOnOrder}
              onChange={(exitOnOrder) => edit({ exitOnOrder })}
            />
            <Select
              label="Time zone"
              options={timeZoneOptions(draft.timeZone)}
              value={draft.timeZone}
              onChange={(timeZone) => edit({ timeZone })}
              error={errors.timeZone}
              helpText="Waits until a weekday and hour count in this time zone."
            />
            {flow.trigger === "checkout_abandoned" ? (
              <TextField
                label="Minutes a checkout is left before the first email"
                type="number"
                value={String(draft.checkoutDelayMinutes)}
                onChange={(value) => edit({ checkoutDelayMinutes: Number(value) || 0 })}
                error={errors.checkoutDelayMinutes}
                autoComplete="off"
              />
            ) : null}
          </BlockStack>
        </Card>
        <StepList
          storeId={store.id}
          sender={sender}
          steps={draft.steps}
          savedSteps={flow.steps}
          live={live}
          runsBefore={flow.runsBefore}
          errors={errors}
          onChange={(steps) => edit({ steps })}
          onTest={setTesting}
        />
      </BlockStack>
      <SendTestModal
        open={testing !== null}
        defaultTo={user.email}
        helpText="This email as saved goes to this address only; unsaved changes are saved first."
        send={sendTest}
        onClose={() => setTesting(null)}
      />
      <ConfirmModal
        open={deleting}
        title="Delete automation"
        message={`Are you sure you want to delete ${flow.name}? Its subscribers on their way get nothing more.`}
        confirmLabel="Delete"
        busy={pending}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      />
    </Page>
  );
}
