import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { previewEmailTemplateSchema } from "~/lib/schemas/email-template";
import { previewEmailTemplate } from "~/services/email/template.server";

const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const actor = await requireActor(request);
    return previewEmailTemplate(actor, await readJson(request, previewEmailTemplateSchema));
  },
});

export { action, loader };
