import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { serviceWorkerFile } from "~/services/stores/service-worker-file.server";

const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const file = await serviceWorkerFile(await requireActor(request), params.storeId ?? "");
    return new Response(file.source, {
      headers: {
        "Content-Type": "text/javascript; charset=utf-8",
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export { action, loader };
