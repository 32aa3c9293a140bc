import { Banner, BlockStack, Page } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { apiRequest, failureMessage, type Received } from "~/lib/api-client";
import type { CampaignDetail, StoreSender } from "~/lib/schemas/campaign-views";
import type { CampaignStatus } from "~/lib/schemas/campaigns";
import { sectionPath } from "~/lib/store-routing";
import { CampaignEmailPreview } from "./campaign-email-preview";
import { campaignDateText } from "./figures";
import { campaignApi } from "./paths";
import { ProgressCard } from "./progress-card";
import { ScheduledCard } from "./scheduled-card";
import { StatsCard } from "./stats-card";
import { CampaignStatusBadge } from "./status-badge";
import { SummaryCard } from "./summary-card";
import { isConflict } from "./use-campaign-draft";

type Props = {
  store: { id: string; name: string };
  sender: StoreSender;
  campaign: Received<CampaignDetail>;
  reload: () => Promise<void>;
  replace: (campaign: Received<CampaignDetail>) => void;
};

/**
 * How often the screen reads the campaign again: every 2 s while it is being sent (the progress moves),
 * every 15 s while it waits for its time (it starts on its own).
 */
const POLL_MS: Partial<Record<CampaignStatus, number>> = { sending: 2_000, scheduled: 15_000 };

const ACTIONS = {
  pause: { path: "cancel", done: "Sending paused", failure: "The campaign could not be paused" },
  resume: { path: "send", done: "Sending resumed", failure: "The campaign could not be resumed" },
  unschedule: {
    path: "cancel",
    done: "Schedule cancelled: the campaign is a draft again",
    failure: "The schedule could not be cancelled",
  },
} as const;

/** A campaign past its draft: read-only, with its schedule, its delivery and its results. */
export function CampaignReport({ store, sender, campaign, reload, replace }: Props) {
  const toast = useToast();
  const { pending, run } = useAction();
  const [problem, setProblem] = useState<string | null>(null);
  const { status, progress } = campaign;

  useEffect(() => {
    const interval = POLL_MS[status];
    if (!interval) return;
    const timer = setInterval(() => void reload(), interval);
    return () => clearInterval(timer);
  }, [status, reload]);

  async function act(name: keyof typeof ACTIONS) {
    const action = ACTIONS[name];
    await run(async () => {
      try {
        replace(
          await apiRequest<Received<CampaignDetail>>(
            "POST",
            campaignApi(store.id, campaign.id, action.path),
            {},
          ),
        );
        setProblem(null);
        toast({ title: "Success", message: action.done, tone: "success" });
      } catch (error) {
        if (!isConflict(error)) throw error;
        setProblem(failureMessage(error, action.failure));
        await reload();
      }
    }, action.failure);
  }

  const started = campaign.startedAt !== null;
  return (
    <Page
      fullWidth
      backAction={{ content: "Campaigns", url: sectionPath("campaigns", store.id) }}
      title={campaign.name}
      titleMetadata={<CampaignStatusBadge status={status} />}
      subtitle={campaignDateText(campaign)}
    >
      <div className="np-campaign-layout">
        <BlockStack gap="400">
          {problem ? (
            <Banner tone="critical" onDismiss={() => setProblem(null)}>
              <p>{problem}</p>
            </Banner>
          ) : null}
          {status === "scheduled" ? (
            <ScheduledCard
              scheduledAt={campaign.scheduledAt}
              audienceCount={campaign.audienceCount}
              busy={pending}
              onCancel={() => void act("unschedule")}
            />
          ) : null}
          {started ? (
            <ProgressCard
              campaign={campaign}
              busy={pending}
              onPause={() => void act("pause")}
              onResume={() => void act("resume")}
            />
          ) : null}
          {started ? (
            <StatsCard
              storeId={store.id}
              campaignId={campaign.id}
              refreshKey={`${status}:${progress.sent}:${progress.failed}`}
            />
          ) : null}
          <SummaryCard campaign={campaign} sender={sender} />
        </BlockStack>
        <div>
          <div className="np-preview-sticky">
            <CampaignEmailPreview storeId={store.id} email={campaign} />
          </div>
        </div>
      </div>
    </Page>
  );
}
