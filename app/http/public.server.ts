import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";
import { subscribeBodySchema } from "~/lib/schemas/subscribe";
import { consume, consumeAll, countWithin } from "~/server/rate-limit.server";
import { DomainError, gone, invalidInput, malformed, notFound, tooLarge } from "~/services/errors.server";
import {
  acceptsScriptVersion,
  impressionTarget,
  isKnownStore,
  publicPopupConfig,
  publicPopups,
  recordPopupView,
  recordVariantImpression,
  subscribingPopup,
} from "~/services/popups/public-popups.server";
import { recordAppEmbedSeen } from "~/services/stores/app-embed.server";
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
/** A beacon's body: JSON when it is, nothing otherwise (a view still counts for the store). */
const lenientJson = (req: Request, res: Response, next: NextFunction) =>
  json(req, res, (error?: unknown) => {
    if (error) req.body = undefined;
    next();
  });

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

/** What a storefront script may load: 404 when there is nothing to show, 410 for a replaced install script. */
async function sendToScript(req: Request, res: Response, answer: object | null): Promise<void> {
  if (!answer) throw notFound("Popup not found");
  const version = typeof req.query.v === "string" ? req.query.v : undefined;
  if (!(await acceptsScriptVersion(String(req.params.storeId), version))) {
    throw gone("This install script was replaced; install the current script from the dashboard");
  }
  res.setHeader("Cache-Control", "public, max-age=60");
  res.json(answer);
}

/** SPEC's single popup: the store's first (oldest) one. */
publicRouter.get("/api/public/stores/:storeId/popup", async (req, res) => {
  await sendToScript(req, res, await publicPopupConfig(req.params.storeId));
});

/**
 * Every active popup with its targeting, design and variants; the script chooses on the page. `e=1`: the
 * script was loaded by the Shopify theme app embed, which the Integration page shows as turned on.
 */
publicRouter.get("/api/public/stores/:storeId/popups", async (req, res) => {
  // Only a store's id is recorded: ids a client makes up never reach the database or the memo.
  if (req.query.e === "1" && (await isKnownStore(req.params.storeId)))
    await recordAppEmbedSeen(req.params.storeId);
  await sendToScript(req, res, await publicPopups(req.params.storeId));
});

publicRouter.post("/api/public/stores/:storeId/subscribe", json, async (req, res) => {
  const rules = publicRateRules();
  await consumeAll([
    [rules.subscribePerIp, req.ip ?? "unknown"],
    [rules.subscribePerStore, req.params.storeId],
  ]);
  // A store with nothing to subscribe to answers 404 whatever the body says.
  if (!(await publicPopups(req.params.storeId))) throw notFound("Popup not found");
  const body = subscribeBodySchema.safeParse(req.body ?? {});
  if (!body.success) throw invalidInput(body.error);
  const subscribing = await subscribingPopup(req.params.storeId, body.data.popupId, body.data.variantId);
  if (!subscribing) throw notFound("Popup not found");
  const result = await subscribe(subscribing, body.data, {
    ip: req.ip ?? "",
    userAgent: req.get("user-agent") ?? "",
  });
  res.json(result);
});

/**
 * A popup view, with the popup and variant shown (`{ popupId, variantId }`, a beacon's text/plain JSON;
 * anything else counts for the store only). Only the first views of an address per store (and per popup)
 * and UTC day count: the rest answer 204 as well (the script has nothing to do about it) but cannot skew
 * the conversion rates.
 */
publicRouter.post("/api/public/stores/:storeId/impressions", lenientJson, async (req, res) => {
  const rules = publicRateRules();
  const ip = req.ip ?? "unknown";
  await consume(rules.impressionsPerIp, ip);
  const storeId = String(req.params.storeId);
  if (!(await publicPopups(storeId))) throw notFound("Popup not found");
  const shown = req.body as { popupId?: unknown; variantId?: unknown } | null | undefined;
  const target = await impressionTarget(storeId, shown?.popupId, shown?.variantId);
  const today = new Date().toISOString().slice(0, 10);
  if (await countWithin(rules.impressionsCountedPerIpPerDay, `${storeId}:${ip}:${today}`))
    await recordPopupView(storeId);
  if (
    target &&
    (await countWithin(rules.impressionsCountedPerIpPerDay, `${target.popupId}:${ip}:${today}`))
  ) {
    await recordVariantImpression(target.popupId, target.variantId, today);
  }
  res.status(204).end();
});

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

publicRouter.use("/api/public", (error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  const refusal = error instanceof DomainError ? error : bodyParserRefusal(error);
  sendError(res, refusal ?? error, "public endpoint failed");
});
