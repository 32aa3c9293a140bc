import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { flowTestSchema } from "~/lib/schemas/flows";
import { sendFlowTest } from "~/services/flows/test-send.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, flowTestSchema);
    return sendFlowTest(actor, params.storeId ?? "", params.flowId ?? "", input);
  },
});

export { action, loader };
