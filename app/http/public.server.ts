import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { publicPopupConfig } from "~/services/popups/public-popups.server";
import { demoPage } from "./demo-page.server";
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

function cors(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type");
  res.setHeader("Access-Control-Max-Age", "86400");
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

/**
 * The built storefront script and the files it loads later (build/popup, popup/vite.config.ts); ETag by
 * content so repeat visits revalidate cheaply.
 */
const POPUP_SCRIPT_FILES = /^newsletter-popup(?:-view)?\.js$/;
const popupScripts = new Map<string, { body: Buffer; etag: string }>();
function loadPopupScript(file: string) {
  let script = popupScripts.get(file);
  if (!script) {
    const body = fs.readFileSync(path.resolve("build/popup", file));
    script = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
    popupScripts.set(file, script);
  }
  return script;
}

publicRouter.get("/js/:file", (req, res, next) => {
  if (!POPUP_SCRIPT_FILES.test(req.params.file)) return next();
  const script = loadPopupScript(req.params.file);
  res.setHeader("Content-Type", "application/javascript; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=3600, stale-while-revalidate=86400");
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("ETag", script.etag);
  if (req.get("if-none-match") === script.etag) {
    res.status(304).end();
    return;
  }
  res.send(script.body);
});

publicRouter.get("/demo/:storeId", demoPage);

publicRouter.use("/api/public", sendStorefrontError);
