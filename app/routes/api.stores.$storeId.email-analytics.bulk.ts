import { z } from "zod";
import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute, readJson } from "~/http/json.server";
import { deleteAnalyticsRecords } from "~/services/email/analytics.server";

const bulkDeleteSchema = z.object({
  ids: z
    .array(z.string().max(64), { error: "ids must be a list" })
    .min(1, "Select at least one record")
    .max(1_000),
});

const { loader, action } = apiRoute({
  DELETE: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { ids } = await readJson(request, bulkDeleteSchema);
    return { deletedCount: await deleteAnalyticsRecords(actor, params.storeId ?? "", ids) };
  },
});

export { action, loader };
