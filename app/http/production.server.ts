import type http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { drainInProcessJobs } from "../../jobs/client";
import { app, ready } from "./app.server";
import { startNotice, stopBackgroundWork } from "./bootstrap.server";
import { createHttpServer } from "./http-server.server";
import { leanSubscribe } from "./lean-subscribe.server";

/**
 * The server bundle's entry (`build/server/index.js`): what `npm start` serves, and what the integration
 * tests boot inside their own process. Importing it reads the environment and starts the bootstrap.
 */
export { ready, startNotice, stopBackgroundWork };

/**
 * Resolves once the jobs this process runs itself (no Redis) are done, retries included: for tests that
 * read the database only after what a request set off has finished.
 */
export const settleInProcessJobs = drainInProcessJobs;

/** The shape of `build/server/index.js`, for server.ts and the tests that import it. */
export type ProductionBuild = {
  ready: Promise<void>;
  createProductionServer: typeof createProductionServer;
  stopBackgroundWork: typeof stopBackgroundWork;
  settleInProcessJobs: typeof settleInProcessJobs;
  startNotice: typeof startNotice;
};

/**
 * The production HTTP server over the built client files in `clientDir`: a plain storefront subscription
 * first, outside Express (lean-subscribe.server.ts), then the hashed JS and CSS (compressed, cached for
 * good), the other public files (an hour), then the app. Pages are not compressed here: buffering
 * for compression would hold back the streamed parts of a server-rendered page.
 */
export function createProductionServer(clientDir: string): http.Server {
  const server = express();
  server.disable("x-powered-by");
  server.use(
    "/assets",
    compression(),
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
  );
  const staticFiles = express.static(clientDir, { maxAge: "1h", index: false });
  // API calls are never files: skip the file-system lookup on that hot path.
  server.use((req, res, next) => (req.path.startsWith("/api/") ? next() : staticFiles(req, res, next)));
  server.use(app);
  const lean = leanSubscribe(app, ready);
  return createHttpServer((req, res) => {
    if (!lean(req, res)) server(req, res);
  });
}
