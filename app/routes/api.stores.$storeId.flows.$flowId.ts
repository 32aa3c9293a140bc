import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updateFlowSchema } from "~/lib/schemas/flows";
import { deleteFlow, getFlow, updateFlow } from "~/services/flows/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    getFlow(await requireActor(request), params.storeId ?? "", params.flowId ?? ""),
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const changes = await readJson(request, updateFlowSchema);
    return updateFlow(actor, params.storeId ?? "", params.flowId ?? "", changes);
  },
  DELETE: async ({ request, params }) => {
    await deleteFlow(await requireActor(request), params.storeId ?? "", params.flowId ?? "");
    return { success: true };
  },
});

export { action, loader };
