import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { emailClickStats } from "~/services/email/analytics.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => emailClickStats(await requireActor(request), params.storeId ?? ""),
});

export { action, loader };
