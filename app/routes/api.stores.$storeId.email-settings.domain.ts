import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { checkEmailDomain } from "~/services/email/settings.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const actor = await requireActor(request);
    return checkEmailDomain(actor, params.storeId ?? "");
  },
});

export { action, loader };
