import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { newFlowSchema } from "~/lib/schemas/flows";
import { createFlow, listFlows } from "~/services/flows/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => ({
    flows: await listFlows(await requireActor(request), params.storeId ?? ""),
  }),
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, newFlowSchema);
    return data(await createFlow(actor, params.storeId ?? "", input), { status: 201 });
  },
});

export { action, loader };
