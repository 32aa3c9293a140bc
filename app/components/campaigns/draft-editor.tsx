import { Banner, BlockStack, Page } from "@shopify/polaris";
import { useState } from "react";
import { useAppContext } from "~/components/app-context";
import { ConfirmModal } from "~/components/confirm-modal";
import { SendTestModal, TestNotSent } from "~/components/send-test-modal";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useScreenNavigate } from "~/components/use-screen-navigate";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import type { CampaignDetail, StoreSender } from "~/lib/schemas/campaign-views";
import { sectionPath } from "~/lib/store-routing";
import { AudienceCard } from "./audience-card";
import { BlocksCard } from "./blocks-card";
import { CampaignEmailPreview } from "./campaign-email-preview";
import { DetailsCard } from "./details-card";
import { FrameCard } from "./frame-card";
import { campaignApi } from "./paths";
import { SaveBar } from "./save-bar";
import { SendModal } from "./send-modal";
import { CampaignStatusBadge } from "./status-badge";
import { isConflict, useCampaignDraft } from "./use-campaign-draft";

type Props = {
  store: { id: string; name: string };
  sender: StoreSender;
  campaign: Received<CampaignDetail>;
  /** Reads the campaign again (after a save). */
  reload: () => Promise<void>;
  /** Shows the campaign the server answered with (after send: no longer a draft). */
  replace: (campaign: Received<CampaignDetail>) => void;
};

const UNSAVED_TEST =
  "Your changes could not be saved, so no test was sent. Correct the fields marked in red, then try again.";

/** A draft: its details, audience, blocks and frame, saved explicitly, with a live preview beside them. */
export function DraftEditor({ store, sender, campaign, reload, replace }: Props) {
  const { user } = useAppContext();
  const toast = useToast();
  const navigate = useScreenNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"test" | "send" | "delete" | null>(null);
  const { pending, run } = useAction();
  const { draft, dirty, errors, saving, edit, editContent, save, discard } = useCampaignDraft({
    storeId: store.id,
    campaign,
    onSaved: reload,
    onConflict: setProblem,
  });
  const listPath = sectionPath("campaigns", store.id);
  const close = () => setDialog(null);

  /** Send and its count go by the saved campaign: unsaved edits are saved first. */
  async function openSend() {
    if (await save()) setDialog("send");
  }

  /** The test is the saved campaign: unsaved edits are saved first, and a failed save is said in the dialog. */
  async function sendTest(to: string): Promise<string> {
    if (!(await save())) throw new TestNotSent(UNSAVED_TEST);
    const sent = await apiRequest<{ message: string }>("POST", campaignApi(store.id, campaign.id, "test"), {
      to,
    });
    return sent.message;
  }

  async function send(scheduledAt: string | null) {
    await run(async () => {
      try {
        const sent = await apiRequest<Received<CampaignDetail>>(
          "POST",
          campaignApi(store.id, campaign.id, "send"),
          scheduledAt ? { scheduledAt } : {},
        );
        close();
        toast({
          title: "Success",
          message: scheduledAt ? "Campaign scheduled" : "Campaign is being sent",
          tone: "success",
        });
        replace(sent);
      } catch (error) {
        if (!isConflict(error)) throw error;
        close();
        setProblem(failureMessage(error, "The campaign could not be sent"));
      }
    }, "The campaign could not be sent");
  }

  async function remove() {
    // The edits go with the campaign; discarded first so that leaving does not ask about them.
    discard();
    await run(async () => {
      await apiRequest("DELETE", campaignApi(store.id, campaign.id));
      toast({ title: "Success", message: "Campaign deleted", tone: "success" });
      await navigate(listPath);
    }, "Failed to delete the campaign");
    close();
  }

  return (
    <Page
      fullWidth
      backAction={{ content: "Campaigns", url: listPath }}
      title={campaign.name}
      titleMetadata={<CampaignStatusBadge status={campaign.status} />}
      subtitle={`A newsletter to the subscribers of ${store.name}`}
      primaryAction={{ content: "Send", onAction: () => void openSend(), disabled: saving }}
      secondaryActions={[
        { content: "Send test", onAction: () => setDialog("test") },
        { content: "Delete", destructive: true, onAction: () => setDialog("delete") },
      ]}
    >
      <div className="np-campaign-layout">
        <BlockStack gap="400">
          {problem ? (
            <Banner tone="critical" onDismiss={() => setProblem(null)}>
              <p>{problem}</p>
            </Banner>
          ) : null}
          <SaveBar dirty={dirty} saving={saving} onSave={() => void save()} onDiscard={discard} />
          <DetailsCard draft={draft} errors={errors} sender={sender} edit={edit} />
          <AudienceCard
            audience={draft.audience}
            errors={errors}
            count={campaign.audienceCount}
            countIsCurrent={JSON.stringify(draft.audience) === JSON.stringify(campaign.audience)}
            canSearch={user.permissions.view_subscribers}
            onChange={(audience) => edit({ audience })}
          />
          <BlocksCard
            blocks={draft.content.blocks}
            errors={errors}
            onChange={(blocks) => editContent({ blocks })}
          />
          <FrameCard content={draft.content} errors={errors} edit={editContent} />
        </BlockStack>
        <div>
          <div className="np-preview-sticky">
            <CampaignEmailPreview storeId={store.id} email={draft} />
          </div>
        </div>
      </div>
      <SendTestModal
        open={dialog === "test"}
        defaultTo={user.email}
        helpText="The campaign as saved goes to this address only; unsaved changes are saved first."
        send={sendTest}
        onClose={close}
      />
      <SendModal
        open={dialog === "send"}
        count={campaign.audienceCount}
        missingAddress={!campaign.content.companyAddress.trim()}
        busy={pending}
        onSend={(scheduledAt) => void send(scheduledAt)}
        onClose={close}
      />
      <ConfirmModal
        open={dialog === "delete"}
        title="Delete campaign"
        message={`Are you sure you want to delete ${campaign.name}? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={pending}
        onConfirm={() => void remove()}
        onCancel={close}
      />
    </Page>
  );
}
