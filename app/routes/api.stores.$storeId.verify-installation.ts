import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { verifyInstallation } from "~/services/stores/integration.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const force = new URL(request.url).searchParams.get("force") === "true";
    return verifyInstallation(await requireActor(request), params.storeId ?? "", { force });
  },
});

export { action, loader };
