import { apiRoute } from "~/http/json.server";
import { readQuery } from "~/http/query.server";
import { subscriberFiltersSchema } from "~/lib/schemas/subscribers";
import { requireActor } from "~/services/actor.server";
import { logger } from "~/services/logger.server";
import { exportSubscribersCsv } from "~/services/subscriber-list.server";

/** A safe file-name part from the store name: ASCII letters, digits and hyphens. */
function slug(name: string): string {
  const cleaned = name
    .normalize("NFKD")
    // Accents split off by NFKD: "Ünïcode" becomes "unicode", not "u-ni-code".
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return cleaned || "store";
}

/**
 * Pulls the next chunk only when the response can take it (the Express adapter waits for 'drain'),
 * and stops reading the database when the client goes away.
 */
function toByteStream(lines: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await lines.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        logger().error({ err: error }, "subscriber export failed");
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

/** GET /api/stores/:storeId/subscribers/export.csv: the filtered subscribers, streamed as CSV. */
const handle = apiRoute({
  GET: async ({ request, params }) => {
    const actor = await requireActor(request);
    const filters = readQuery(request, subscriberFiltersSchema);
    const { store, lines } = await exportSubscribersCsv(actor, params.storeId ?? "", filters);
    const date = new Date().toISOString().slice(0, 10);
    return new Response(toByteStream(lines), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="subscribers-${slug(store.name)}-${date}.csv"`,
        // Personal data: never kept by a shared cache or the browser's.
        "Cache-Control": "no-store",
      },
    });
  },
});

export const loader = handle;
export const action = handle;
