import express, { type NextFunction, type Request, type Response } from "express";
import { publicPopupConfig } from "~/services/popups/public-popups.server";
import { demoPage } from "./demo-page.server";
import { POPUP_FILES, sendPopupFile } from "./popup-files.server";
import {
  type StorefrontCaller,
  sendStorefrontError,
  sendToScript,
  serveStorefrontCalls,
} from "./storefront-calls.server";

/**
 * The storefront's endpoints: no session, CORS for any origin, small JSON bodies, rate limited.
 * Kept on plain Express (not the React Router handler): they are the hot path of every shop page.
 * A shop that installed the app reaches the same calls through its App Proxy (app-proxy.server.ts).
 */
export const publicRouter = express.Router();

/** Any shop's page may call the storefront endpoints. */
export const STOREFRONT_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

function cors(_req: Request, res: Response, next: NextFunction) {
  res.set(STOREFRONT_CORS_HEADERS);
  next();
}

publicRouter.use("/api/public", cors);
publicRouter.options("/api/public/{*rest}", (_req, res) => {
  res.status(204).end();
});

const direct = (req: Request): StorefrontCaller => ({
  storeId: String(req.params.storeId),
  ip: req.ip ?? "unknown",
  throughAppProxy: false,
});

/** SPEC's single popup: the store's first (oldest) one. */
publicRouter.get("/api/public/stores/:storeId/popup", async (req, res) => {
  await sendToScript(req, res, req.params.storeId, await publicPopupConfig(req.params.storeId));
});

/** The store's popups (`e=1`: loaded by the Shopify theme app embed), the bot check, a subscription, a view. */
serveStorefrontCalls(publicRouter, "/api/public/stores/:storeId", direct, (req) => req.query.e === "1");

/** The built storefront script and the file it loads later, compressed at build (popup-files.server.ts). */
publicRouter.get("/js/:file", (req, res, next) => {
  if (!POPUP_FILES.test(req.params.file)) return next();
  sendPopupFile(req, res, req.params.file);
});

publicRouter.get("/demo/:storeId", demoPage);

publicRouter.use("/api/public", sendStorefrontError);
