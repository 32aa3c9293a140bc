import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { readQuery } from "~/http/query.server";
import { popupStatsQuerySchema } from "~/lib/schemas/popup-stats";
import { popupStats } from "~/services/popups/stats.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const actor = await requireActor(request);
    const query = readQuery(request, popupStatsQuerySchema);
    return popupStats(actor, params.storeId ?? "", params.popupId ?? "", query);
  },
});

export { action, loader };
