import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updateEmailSettingsSchema } from "~/lib/schemas/email-settings";
import { getEmailSettings, updateEmailSettings } from "~/services/email/settings.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => getEmailSettings(await requireActor(request), params.storeId ?? ""),
  PUT: async ({ request, params }) => {
    const actor = await requireActor(request);
    return updateEmailSettings(
      actor,
      params.storeId ?? "",
      await readJson(request, updateEmailSettingsSchema),
    );
  },
});

export { action, loader };
