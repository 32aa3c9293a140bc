import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { welcomeSenderSchema } from "~/lib/schemas/consent-sync";
import { setWelcomeEmailSender } from "~/services/shopify/welcome-sender.server";

const { loader, action } = apiRoute({
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { sender } = await readJson(request, welcomeSenderSchema);
    return setWelcomeEmailSender(actor, params.storeId ?? "", sender);
  },
});

export { action, loader };
