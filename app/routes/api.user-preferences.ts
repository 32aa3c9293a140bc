import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updatePreferencesSchema } from "~/lib/schemas/preferences";
import { getPreferences, updatePreferences } from "~/services/notifications/preferences.server";

const { loader, action } = apiRoute({
  GET: async ({ request }) => getPreferences(await requireActor(request)),
  PUT: async ({ request }) => {
    const actor = await requireActor(request);
    return updatePreferences(actor, await readJson(request, updatePreferencesSchema));
  },
});

export { action, loader };
