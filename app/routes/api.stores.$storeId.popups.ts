import { data } from "react-router";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { newPopupSchema } from "~/lib/schemas/popups";
import { createPopup, listPopups } from "~/services/popups/crud.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => ({
    popups: await listPopups(await requireActor(request), params.storeId ?? ""),
  }),
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const input = await readJson(request, newPopupSchema);
    return data(await createPopup(actor, params.storeId ?? "", input), { status: 201 });
  },
});

export { action, loader };
