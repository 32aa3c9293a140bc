import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { dashboardStats } from "~/services/stores/dashboard.server";

const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const storeId = new URL(request.url).searchParams.get("storeId") ?? undefined;
    return dashboardStats(await requireActor(request), storeId);
  },
});

export { action, loader };
