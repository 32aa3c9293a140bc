import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { importReportCsv } from "~/services/subscribers/import-status.server";

/** The rows of an import's file that did not become active subscribers, as a CSV download. */
const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const report = await importReportCsv(await requireActor(request), params.storeId ?? "", params.importId);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await report.rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${report.fileName}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export { action, loader };
