import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { deleteAnalyticsRecord } from "~/services/email/analytics.server";

const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    await deleteAnalyticsRecord(await requireActor(request), params.id ?? "");
    return { message: "Analytics record deleted successfully" };
  },
});

export { action, loader };
