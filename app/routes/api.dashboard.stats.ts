import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { dashboardStats } from "~/services/stores/dashboard.server";

const handle = apiRoute({
  GET: async ({ request }) => {
    const storeId = new URL(request.url).searchParams.get("storeId") ?? undefined;
    return dashboardStats(await requireActor(request), storeId);
  },
});

export const loader = handle;
export const action = handle;
