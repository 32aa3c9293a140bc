import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { previewEmailTemplateSchema } from "~/lib/schemas/email-template";
import { sendTemplateTestEmail } from "~/services/email/template.server";

/** The template editor's "Send test email": its unsaved fields, rendered, to the signed-in person. */
const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const template = await readJson(request, previewEmailTemplateSchema);
    return sendTemplateTestEmail(actor, params.storeId ?? "", template);
  },
});

export { action, loader };
