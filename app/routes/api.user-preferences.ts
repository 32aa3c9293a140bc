import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { updatePreferencesSchema } from "~/lib/schemas/preferences";
import { getPreferences, updatePreferences } from "~/services/preferences.server";

const handle = apiRoute({
  GET: async ({ request }) => getPreferences(await requireActor(request)),
  PUT: async ({ request }) => {
    const actor = await requireActor(request);
    return updatePreferences(actor, await readJson(request, updatePreferencesSchema));
  },
});

export const loader = handle;
export const action = handle;
