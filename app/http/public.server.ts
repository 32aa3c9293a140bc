import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { subscribeBodySchema } from "~/lib/schemas/subscribe";
import { consume, consumeAll, countWithin } from "~/server/rate-limit.server";
import { DomainError, gone, invalidInput, malformed, notFound, tooLarge } from "~/services/errors.server";
import {
  acceptsScriptVersion,
  publicPopupConfig,
  recordPopupView,
  subscribingPopup,
} from "~/services/popups/popups.server";
import { subscribe } from "~/services/subscribers/subscribe.server";
import { demoPage } from "./demo-page.server";
import { sendError } from "./errors.server";
import { BODY_NOT_JSON, BODY_TOO_LARGE } from "./json.server";
import { publicRateRules } from "./public-rate-rules.server";

/**
 * The storefront's endpoints: no session, CORS for any origin, small JSON bodies, rate limited.
 * Kept on plain Express (not the React Router handler): they are the hot path of every shop page.
 */
export const publicRouter = express.Router();

function cors(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Access-Control-Allow-Origin", "*");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "Content-Type");
  res.setHeader("Access-Control-Max-Age", "86400");
  next();
}

const json = express.json({ limit: "16kb", type: () => true });

/** express.json's refusals (its errors carry an HTTP status) in the product's words; null for anything else. */
function bodyParserRefusal(error: unknown): DomainError | null {
  const status = (error as { status?: unknown }).status;
  if (status === 400) return malformed(BODY_NOT_JSON);
  if (status === 413) return tooLarge(BODY_TOO_LARGE);
  return null;
}

publicRouter.use("/api/public", cors);
publicRouter.options("/api/public/{*rest}", (_req, res) => {
  res.status(204).end();
});

publicRouter.get("/api/public/stores/:storeId/popup", async (req, res) => {
  const config = await publicPopupConfig(req.params.storeId);
  if (!config) throw notFound("Popup not found");
  const version = typeof req.query.v === "string" ? req.query.v : undefined;
  if (!(await acceptsScriptVersion(req.params.storeId, version))) {
    throw gone("This install script was replaced; install the current script from the dashboard");
  }
  res.setHeader("Cache-Control", "public, max-age=60");
  res.json(config);
});

publicRouter.post("/api/public/stores/:storeId/subscribe", json, async (req, res) => {
  const rules = publicRateRules();
  await consumeAll([
    [rules.subscribePerIp, req.ip ?? "unknown"],
    [rules.subscribePerStore, req.params.storeId],
  ]);
  const popup = await subscribingPopup(req.params.storeId);
  if (!popup) throw notFound("Popup not found");
  const body = subscribeBodySchema.safeParse(req.body ?? {});
  if (!body.success) throw invalidInput(body.error);
  const result = await subscribe(popup, body.data, {
    ip: req.ip ?? "",
    userAgent: req.get("user-agent") ?? "",
  });
  res.json(result);
});

/**
 * A popup view. Only the first views of an address per store and UTC day count: the rest answer 204
 * as well (the script has nothing to do about it) but cannot skew the conversion rate.
 */
publicRouter.post("/api/public/stores/:storeId/impressions", async (req, res) => {
  const rules = publicRateRules();
  const ip = req.ip ?? "unknown";
  await consume(rules.impressionsPerIp, ip);
  const config = await publicPopupConfig(req.params.storeId);
  if (!config) throw notFound("Popup not found");
  const today = new Date().toISOString().slice(0, 10);
  if (await countWithin(rules.impressionsCountedPerIpPerDay, `${config.storeId}:${ip}:${today}`))
    await recordPopupView(config.storeId);
  res.status(204).end();
});

/**
 * The built storefront script and the files it loads later (build/popup, popup/vite.config.ts); ETag by
 * content so repeat visits revalidate cheaply.
 */
const POPUP_SCRIPT_FILES = /^newsletter-popup(?:-form|-success)?\.js$/;
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

publicRouter.use("/api/public", (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  const refusal = error instanceof DomainError ? error : bodyParserRefusal(error);
  sendError(res, refusal ?? error, "public endpoint failed");
});
