import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type NextFunction, type Request, type Response } from "express";
import { requireActor } from "~/http/guards/request-actor.server";
import { subscriberFiltersSchema } from "~/lib/schemas/subscribers";
import { logger } from "~/server/logger.server";
import { exportSubscribersCsv } from "~/services/subscribers/export.server";
import { sendError } from "./errors.server";
import { readQuery } from "./query.server";

/**
 * GET /api/stores/:storeId/subscribers/export.csv, on plain Express in front of React Router. The
 * React Router adapter (@react-router/node 7) races every chunk it reads from a response body against
 * one promise that lives as long as the response, and that keeps every chunk reachable until the
 * response ends: a million-subscriber export held the whole file (about 240 MB) in memory. Here the
 * CSV is piped into the response chunk by chunk, with backpressure, so memory stays flat. The route
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

/** The parts of the request the services read (URL and headers), as a Fetch API Request. */
function fetchRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new globalThis.Request(new URL(req.originalUrl, "http://localhost"), { headers });
}

subscriberExportRouter.get("/api/stores/:storeId/subscribers/export.csv", async (req, res) => {
  const request = fetchRequest(req);
  const actor = await requireActor(request);
  const filters = readQuery(request, subscriberFiltersSchema);
  const { store, lines } = await exportSubscribersCsv(actor, String(req.params.storeId), filters);
  const date = new Date().toISOString().slice(0, 10);
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="subscribers-${slug(store.name)}-${date}.csv"`);
  // Personal data: never kept by a shared cache or the browser's.
  res.setHeader("Cache-Control", "no-store");
  if (req.method === "HEAD") {
    await lines.return(undefined);
    res.end();
    return;
  }
  try {
    // Pulls the next chunk only when the socket has taken the previous one; a client that goes away
    // ends the generator (and its database reads, giving the connection back).
    await pipeline(Readable.from(lines), res);
  } catch (error) {
    // A client that leaves mid-download is not a failure.
    if ((error as { code?: unknown }).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    logger().error({ err: error }, "subscriber export failed");
  }
});

/** Failures before the first byte: the JSON `{message}` every /api route answers. */
subscriberExportRouter.use(
  "/api/stores/:storeId/subscribers/export.csv",
  (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    sendError(res, error, "subscriber export failed");
  },
);
