import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { importStatus } from "~/services/subscribers/import-status.server";

/** How far a running CSV import is, or what it did once written. */
const { loader, action } = apiRoute({
  GET: async ({ request, params }) =>
    importStatus(await requireActor(request), params.storeId ?? "", params.importId),
});

export { action, loader };
