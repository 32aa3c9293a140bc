import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { requireAppFetch } from "~/http/security.server";
import { integrationScript } from "~/services/stores/integration.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const regenerate = new URL(request.url).searchParams.get("regenerate") === "true";
    if (regenerate) requireAppFetch(request);
    return integrationScript(await requireActor(request), params.storeId ?? "", { regenerate });
  },
});

export { action, loader };
