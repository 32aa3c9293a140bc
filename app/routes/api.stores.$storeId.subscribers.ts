import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { readQuery } from "~/http/query.server";
import { subscriberListQuerySchema } from "~/lib/schemas/subscribers";
import { listSubscribers } from "~/services/subscribers/list.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const actor = await requireActor(request);
    const query = readQuery(request, subscriberListQuerySchema);
    return listSubscribers(actor, params.storeId ?? "", query);
  },
});

export { action, loader };
