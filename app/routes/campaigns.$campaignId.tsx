import { data } from "react-router";
import { CampaignReport } from "~/components/campaigns/campaign-report";
import { DraftEditor } from "~/components/campaigns/draft-editor";
import { campaignApi } from "~/components/campaigns/paths";
import { useApiData } from "~/components/campaigns/use-api-data";
import { LoadingScreen } from "~/components/loading-screen";
import { errorPage } from "~/http/errors.server";
import { requireStoreScreen } from "~/http/guards/screens.server";
import type { Received } from "~/lib/api-client";
import type { CampaignDetail } from "~/lib/schemas/campaign-views";
import { sectionPath } from "~/lib/store-routing";
import { requireCampaign } from "~/services/campaigns/crud.server";
import { storeSender } from "~/services/campaigns/sender.server";
import type { Route } from "./+types/campaigns.$campaignId";

export const meta: Route.MetaFunction = () => [{ title: "Campaign · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store } = await requireStoreScreen(request, params, "manage_campaigns");
  if (!store) throw data("Not Found", { status: 404 });
  // Another store's or organization's campaign, or none: the 404 page.
  const campaign = await requireCampaign(actor, store.id, params.campaignId).catch((error: unknown) => {
    throw errorPage(error);
  });
  return { store, campaignId: campaign.id, sender: await storeSender(actor, store.id) };
}

type ScreenData = Route.ComponentProps["loaderData"];

/**
 * One campaign, read through the campaigns API (the same answers the list and the polling get): a draft
 * opens in the editor; from then on the screen reports its schedule, delivery and results.
 */
function CampaignScreen({ store, campaignId, sender }: ScreenData) {
  const campaign = useApiData<Received<CampaignDetail>>(
    campaignApi(store.id, campaignId),
    "Failed to load the campaign",
  );
  if (!campaign.data) {
    return (
      <LoadingScreen
        title="Campaign"
        back={{ content: "Campaigns", url: sectionPath("campaigns", store.id) }}
        failure={
          campaign.error
            ? {
                title: "The campaign could not be loaded",
                error: campaign.error,
                onRetry: () => void campaign.reload(),
              }
            : null
        }
      />
    );
  }
  const shown = {
    store,
    sender,
    campaign: campaign.data,
    reload: campaign.reload,
    replace: campaign.replace,
  };
  return campaign.data.status === "draft" ? <DraftEditor {...shown} /> : <CampaignReport {...shown} />;
}

export default function Campaign({ loaderData }: Route.ComponentProps) {
  return <CampaignScreen key={`${loaderData.store.id}/${loaderData.campaignId}`} {...loaderData} />;
}
