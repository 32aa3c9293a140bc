import { BlockStack, Card, EmptyState, InlineStack, Page, SkeletonBodyText } from "@shopify/polaris";
import { useApiData } from "~/components/campaigns/use-api-data";
import { FlowTable } from "~/components/flows/flow-table";
import { flowsApi } from "~/components/flows/paths";
import { useAddFlow } from "~/components/flows/use-add-flow";
import { LoadFailedBanner } from "~/components/loading-screen";
import { NoStores } from "~/components/no-stores";
import { StorePicker } from "~/components/store-picker";
import { requireStoreScreen } from "~/http/guards/screens.server";
import type { Received } from "~/lib/api-client";
import type { FlowListItem } from "~/lib/schemas/flow-views";
import type { Route } from "./+types/flows";

export const meta: Route.MetaFunction = () => [{ title: "Automations · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { store } = await requireStoreScreen(request, params, "manage_campaigns");
  return { store: store ?? null };
}

const TITLE = "Automations";
const SUBTITLE = "Emails that follow each subscriber by themselves";

type Store = NonNullable<Route.ComponentProps["loaderData"]["store"]>;

function FlowList({ store }: { store: Store }) {
  const list = useApiData<{ flows: Received<FlowListItem>[] }>(
    flowsApi(store.id),
    "Failed to load automations",
  );
  const { add, pending } = useAddFlow(store.id);
  const actions = {
    welcome: { content: "Add welcome series", onAction: () => void add("welcome-series"), loading: pending },
    checkout: { content: "Add abandoned checkout", onAction: () => void add("abandoned-checkout") },
  };
  return (
    <Page
      title={TITLE}
      subtitle={SUBTITLE}
      primaryAction={actions.welcome}
      secondaryActions={[actions.checkout]}
    >
      <BlockStack gap="400">
        <InlineStack align="start">
          <StorePicker section="flows" storeId={store.id} />
        </InlineStack>
        {list.error ? (
          <LoadFailedBanner
            title="Automations could not be loaded"
            error={list.error}
            onRetry={() => void list.reload()}
          />
        ) : null}
        {list.data && list.data.flows.length > 0 ? (
          <FlowTable storeId={store.id} flows={list.data.flows} />
        ) : null}
        {list.data && list.data.flows.length === 0 ? (
          <Card>
            <EmptyState heading="No automations yet" action={actions.welcome} image="">
              <p>
                Start with the welcome series: it reminds new subscribers of their code while it is unused,
                and stops once they order.
              </p>
            </EmptyState>
          </Card>
        ) : null}
        {!list.data && !list.error ? (
          <Card>
            <SkeletonBodyText lines={4} />
          </Card>
        ) : null}
      </BlockStack>
    </Page>
  );
}

export default function Flows({ loaderData }: Route.ComponentProps) {
  if (!loaderData.store) {
    return (
      <Page title={TITLE} subtitle={SUBTITLE}>
        <NoStores />
      </Page>
    );
  }
  return <FlowList key={loaderData.store.id} store={loaderData.store} />;
}
