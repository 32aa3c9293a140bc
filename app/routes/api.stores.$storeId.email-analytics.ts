import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { emailAnalytics } from "~/services/email/analytics.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const { stats, clickData } = await emailAnalytics(await requireActor(request), params.storeId ?? "");
    return { stats, clickData };
  },
});

export { action, loader };
