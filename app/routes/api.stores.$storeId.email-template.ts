import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updateEmailTemplateSchema } from "~/lib/schemas/email-template";
import { getEmailTemplate, updateEmailTemplate } from "~/services/email/template.server";

const { loader, action } = apiRoute({
  // SPEC §7/§9: template fetch caching is disabled.
  GET: async ({ request, params }) =>
    data(await getEmailTemplate(await requireActor(request), params.storeId ?? ""), {
      headers: { "Cache-Control": "no-store" },
    }),
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    const changes = await readJson(request, updateEmailTemplateSchema);
    return updateEmailTemplate(actor, params.storeId ?? "", changes);
  },
});

export { action, loader };
