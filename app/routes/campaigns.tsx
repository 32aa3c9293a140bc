import { BlockStack, Card, EmptyState, InlineStack, Page, SkeletonBodyText } from "@shopify/polaris";
import { useState } from "react";
import { CampaignTable } from "~/components/campaigns/campaign-table";
import { CreateCampaignModal } from "~/components/campaigns/create-campaign-modal";
import { campaignsApi } from "~/components/campaigns/paths";
import { QuietHoursCard } from "~/components/campaigns/quiet-hours-card";
import { SendingSpeedCard } from "~/components/campaigns/sending-speed-card";
import { useApiData } from "~/components/campaigns/use-api-data";
import { LoadFailedBanner } from "~/components/loading-screen";
import { NoStores } from "~/components/no-stores";
import { StorePicker } from "~/components/store-picker";
import { requireStoreScreen } from "~/http/guards/screens.server";
import type { Received } from "~/lib/api-client";
import type { CampaignListItem } from "~/lib/schemas/campaign-views";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => [{ title: "Campaigns · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { store } = await requireStoreScreen(request, params, "manage_campaigns");
  return { store: store ?? null };
}

const TITLE = "Campaigns";
const SUBTITLE = "Newsletters sent to your subscribers";

type Store = NonNullable<Route.ComponentProps["loaderData"]["store"]>;

type ContentProps = { store: Store; campaigns: Received<CampaignListItem>[]; onCreate: () => void };

function CampaignsOrEmpty({ store, campaigns, onCreate }: ContentProps) {
  if (campaigns.length > 0) return <CampaignTable storeId={store.id} campaigns={campaigns} />;
  return (
    <Card>
      <EmptyState
        heading="No campaigns yet"
        action={{ content: "Create campaign", onAction: onCreate }}
        image=""
      >
        <p>Write a newsletter and send it to the subscribers of {store.name}.</p>
      </EmptyState>
    </Card>
  );
}

function CampaignList({ store }: { store: Store }) {
  const [creating, setCreating] = useState(false);
  const list = useApiData<{ campaigns: Received<CampaignListItem>[] }>(
    campaignsApi(store.id),
    "Failed to load campaigns",
  );

  return (
    <Page
      title={TITLE}
      subtitle={SUBTITLE}
      primaryAction={{ content: "Create campaign", onAction: () => setCreating(true) }}
    >
      <BlockStack gap="400">
        <InlineStack align="start">
          <StorePicker section="campaigns" storeId={store.id} />
        </InlineStack>
        {list.error ? (
          <LoadFailedBanner
            title="Campaigns could not be loaded"
            error={list.error}
            onRetry={() => void list.reload()}
          />
        ) : null}
        {list.data ? (
          <CampaignsOrEmpty
            store={store}
            campaigns={list.data.campaigns}
            onCreate={() => setCreating(true)}
          />
        ) : null}
        {!list.data && !list.error ? (
          <Card>
            <SkeletonBodyText lines={4} />
          </Card>
        ) : null}
        <SendingSpeedCard storeId={store.id} />
        <QuietHoursCard storeId={store.id} />
      </BlockStack>
      <CreateCampaignModal storeId={store.id} open={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  if (!loaderData.store) {
    return (
      <Page title={TITLE} subtitle={SUBTITLE}>
        <NoStores />
      </Page>
    );
  }
  return <CampaignList key={loaderData.store.id} store={loaderData.store} />;
}
