import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { testEmailSchema } from "~/lib/schemas/email-settings";
import { sendTestEmail } from "~/services/email/settings.server";

const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { to } = await readJson(request, testEmailSchema);
    return sendTestEmail(actor, params.storeId ?? "", to);
  },
});

export { action, loader };
