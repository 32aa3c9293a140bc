import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type Response } from "express";
import { requireActor } from "~/http/guards/request-actor.server";
import { subscriberFiltersSchema } from "~/lib/schemas/subscribers";
import { env } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import {
  type ExportedStore,
  exportableStore,
  exportSubscribersCsv,
} from "~/services/subscribers/export.server";
import { sendError } from "./errors.server";
import { fetchRequest } from "./fetch-request.server";
import { readQuery } from "./query.server";

/**
 * GET /api/stores/:storeId/subscribers/export.csv, on plain Express in front of React Router. The
 * React Router adapter (@react-router/node 7) races every chunk it reads from a response body against
 * one promise that lives as long as the response, and that keeps every chunk reachable until the
 * response ends: a million-subscriber export held the whole file (about 240 MB) in memory. Here the
 * CSV (first written to a temporary file, docs/decisions/206) is piped into the response chunk by chunk, with
 * backpressure, so memory stays flat. The route
 * module of the same path stays in app/routes.ts (other methods answer 405 there).
 */
export const subscriberExportRouter = express.Router();

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

subscriberExportRouter.get("/api/stores/:storeId/subscribers/export.csv", async (req, res) => {
  const request = fetchRequest(req);
  const actor = await requireActor(request);
  const filters = readQuery(request, subscriberFiltersSchema);
  const storeId = String(req.params.storeId);
  if (req.method === "HEAD") {
    startCsv(res, await exportableStore(actor, storeId));
    res.end();
    return;
  }
  await exportSubscribersCsv(actor, storeId, filters, async (store, csv) => {
    startCsv(res, store);
    // A client that takes nothing for this long is cut off, so that it cannot hold its export's place forever.
    res.setTimeout(env().EXPORT_IDLE_TIMEOUT_MS, () => res.destroy());
    try {
      // Reads the file's next chunk only when the socket has taken the previous one.
      await pipeline(Readable.from(csv), res);
    } catch (error) {
      // A client that leaves mid-download (or was cut off for taking nothing) is not a failure.
      if ((error as { code?: unknown }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      logger().error({ err: error }, "subscriber export failed");
    }
  });
});

function startCsv(res: Response, store: ExportedStore): void {
  const date = new Date().toISOString().slice(0, 10);
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="subscribers-${slug(store.name)}-${date}.csv"`);
  // Personal data: never kept by a shared cache or the browser's.
  res.setHeader("Cache-Control", "no-store");
}

/** Failures before the first byte: the JSON `{message}` every /api route answers. */
subscriberExportRouter.use(
  "/api/stores/:storeId/subscribers/export.csv",
  (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    sendError(res, error, "subscriber export failed");
  },
);
