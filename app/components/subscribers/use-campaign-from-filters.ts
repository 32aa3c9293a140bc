import { campaignPath, campaignsApi } from "~/components/campaigns/paths";
import { useAction } from "~/components/use-action";
import { useScreenNavigate } from "~/components/use-screen-navigate";
import { apiRequest } from "~/lib/api-client";
import { audienceOfFilters, campaignNameFor } from "~/lib/campaign-audience";
import type { SubscriberFilters } from "~/lib/schemas/subscribers";

/**
 * The Subscribers screen's "Send campaign": a new draft for the subscribers the filters show, opened in
 * the campaign editor, where it is written and sent.
 */
export function useCampaignFromFilters(store: { id: string; name: string }, filters: SubscriberFilters) {
  const navigate = useScreenNavigate();
  const { pending, run } = useAction();

  async function start() {
    await run(
      async () => {
        const now = new Date();
        const campaign = await apiRequest<{ id: string }>("POST", campaignsApi(store.id), {
          name: campaignNameFor(now),
          subject: `News from ${store.name}`,
          audience: audienceOfFilters(filters, now),
        });
        await navigate(campaignPath(store.id, campaign.id));
      },
      { message: "Failed to create the campaign", navigates: true },
    );
  }

  return { start: () => void start(), starting: pending };
}
