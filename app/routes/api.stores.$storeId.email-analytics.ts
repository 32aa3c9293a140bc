import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { emailAnalytics } from "~/services/email/analytics.server";

const handle = apiRoute({
  GET: async ({ request, params }) => {
    const { stats, clickData } = await emailAnalytics(await requireActor(request), params.storeId ?? "");
    return { stats, clickData };
  },
});

export const loader = handle;
export const action = handle;
