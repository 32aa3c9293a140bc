import { requireActor } from "~/http/guards/request-actor.server";
import { apiRoute } from "~/http/json.server";
import { readQuery } from "~/http/query.server";
import { MAX_IMPORT_BYTES, subscriberImportQuerySchema } from "~/lib/schemas/subscriber-import";
import { invalid, malformed, tooLarge } from "~/server/domain-errors.server";
import { IMPORT_TOO_LARGE, importSubscribersCsv } from "~/services/subscribers/import.server";

/** The request body chunk by chunk, as it arrives; a body cut off (the client left, or was too slow) is a 400. */
async function* chunksOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw malformed("The file did not arrive completely: nothing was imported");
      });
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** A ZIP's types: the standard one, and the one Windows browsers send. */
const ZIP_TYPES = new Set(["application/zip", "application/x-zip-compressed"]);

/**
 * A CSV file of subscribers, or a ZIP of them (Mailchimp's audience export), sent as the raw request body
 * (Content-Type: text/csv or application/zip); the query names the file, maps its columns, gives an id to
 * follow the progress by, and (welcome=true) mails the new subscribers.
 */
const { loader, action } = apiRoute({
  POST: async ({ request, params }) => {
    const actor = await requireActor(request);
    const { welcome, fileName, mapping, importId } = readQuery(request, subscriberImportQuerySchema);
    const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    const zip = ZIP_TYPES.has(type ?? "");
    if (type !== "text/csv" && !zip)
      throw invalid(
        "Send the CSV file as the request body, with Content-Type: text/csv (a ZIP of CSV files: application/zip)",
      );
    if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES)
      throw tooLarge(IMPORT_TOO_LARGE);
    return importSubscribersCsv(actor, params.storeId ?? "", chunksOf(request.body), {
      welcome: welcome === "true",
      fileName,
      mapping,
      importId,
      zip,
    });
  },
});

export { action, loader };
