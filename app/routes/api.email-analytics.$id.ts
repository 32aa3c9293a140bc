import { apiRoute } from "~/http/json.server";
import { requireActor } from "~/services/access/actor.server";
import { deleteAnalyticsRecord } from "~/services/email/analytics.server";

const handle = apiRoute({
  DELETE: async ({ request, params }) => {
    await deleteAnalyticsRecord(await requireActor(request), params.id ?? "");
    return { message: "Analytics record deleted successfully" };
  },
});

export const loader = handle;
export const action = handle;
