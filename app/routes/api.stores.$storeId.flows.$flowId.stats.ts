import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { getFlowStats } from "~/services/flows/stats.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    getFlowStats(await requireActor(request), params.storeId ?? "", params.flowId ?? ""),
});

export { action, loader };
