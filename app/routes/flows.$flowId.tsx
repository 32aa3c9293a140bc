import { data } from "react-router";
import { useApiData } from "~/components/campaigns/use-api-data";
import { FlowEditor } from "~/components/flows/flow-editor";
import { flowApi } from "~/components/flows/paths";
import { LoadingScreen } from "~/components/loading-screen";
import { errorPage } from "~/http/errors.server";
import { requireStoreScreen } from "~/http/guards/screens.server";
import type { Received } from "~/lib/api-client";
import type { FlowDetail } from "~/lib/schemas/flow-views";
import { sectionPath } from "~/lib/store-routing";
import { storeSender } from "~/services/campaigns/sender.server";
import { requireFlow } from "~/services/flows/crud.server";
import type { Route } from "./+types/flows.$flowId";

export const meta: Route.MetaFunction = () => [{ title: "Automation · Newsletter Popup" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const { actor, store } = await requireStoreScreen(request, params, "manage_campaigns");
  if (!store) throw data("Not Found", { status: 404 });
  const flow = await requireFlow(actor, store.id, params.flowId).catch((error: unknown) => {
    throw errorPage(error);
  });
  return { store, flowId: flow.id, sender: await storeSender(actor, store.id) };
}

type ScreenData = Route.ComponentProps["loaderData"];

/** One flow, read through the flows API. */
function FlowScreen({ store, flowId, sender }: ScreenData) {
  const flow = useApiData<Received<FlowDetail>>(flowApi(store.id, flowId), "Failed to load the automation");
  if (flow.data) return <FlowEditor store={store} sender={sender} flow={flow.data} replace={flow.replace} />;
  return (
    <LoadingScreen
      title="Automation"
      back={{ content: "Automations", url: sectionPath("flows", store.id) }}
      failure={
        flow.error
          ? {
              title: "The automation could not be loaded",
              error: flow.error,
              onRetry: () => void flow.reload(),
            }
          : null
      }
    />
  );
}

export default function Flow({ loaderData }: Route.ComponentProps) {
  return <FlowScreen key={`${loaderData.store.id}/${loaderData.flowId}`} {...loaderData} />;
}
