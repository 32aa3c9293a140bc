import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { extraFieldsBodySchema, subscribeBodySchema } from "~/lib/schemas/subscribe";
import { clientNetwork } from "~/server/client-network.server";
import {
  DomainError,
  gone,
  invalidInput,
  malformed,
  notFound,
  tooLarge,
} from "~/server/domain-errors.server";
import { consume, consumeThenClaim, countWithin, type RateRule } from "~/server/rate-limit.server";
import { previewedPopupId } from "~/services/popups/preview-token.server";
import {
  acceptsScriptVersion,
  impressionTarget,
  isKnownStore,
  previewPopups,
  previewSubscribingPopup,
  publicPopups,
  recordImpression,
  storeInMemory,
  subscribingPopup,
} from "~/services/popups/public-popups.server";
import { countVariantView } from "~/services/popups/variant-views.server";
import { recordAppEmbedSeen } from "~/services/stores/app-embed.server";
import { STOREFRONT_CONFIG_CACHE_CONTROL } from "~/services/stores/public-config-cache.server";
import { issueChallenge } from "~/services/subscribers/bot-check.server";
import { saveExtraFields } from "~/services/subscribers/extra-fields.server";
import { previewSubscribe, subscribe } from "~/services/subscribers/subscribe.server";
import type { SubscribeResponse } from "../../popup/config";
import { sendError } from "./errors.server";
import { entityTag, matchesEntityTag } from "./http-cache.server";
import { BODY_NOT_JSON, BODY_TOO_LARGE } from "./json.server";
import { publicRateRules } from "./public-rate-rules.server";

/**
 * What the storefront script calls, for one store: the popups, the bot check's challenge, a subscription
 * and a view. Reached two ways with the same answers: directly (/api/public/stores/:storeId/…, public.server.ts)
 * and, on a shop that installed the app, through its App Proxy (app-proxy.server.ts).
 */
export type StorefrontCaller = {
  storeId: string;
  /** The visitor's address, for the per-client limits and the consent record. */
  ip: string;
  /** Signed by Shopify: it came through the shop's storefront. */
  throughAppProxy: boolean;
};

/** The largest storefront body read: a subscription with every field is far below it. */
export const STOREFRONT_BODY_LIMIT_BYTES = 16 * 1024;

const storefrontJson = express.json({ limit: STOREFRONT_BODY_LIMIT_BYTES, type: () => true });

/** A beacon's body: JSON when it is, nothing otherwise (a view still counts for the store). */
const lenientJson = (req: Request, res: Response, next: NextFunction) =>
  storefrontJson(req, res, (error?: unknown) => {
    if (error) req.body = undefined;
    next();
  });

/**
 * express.json's refusals (its errors carry an HTTP status) in the product's words: too large, or else not
 * readable JSON (bad syntax, an unknown charset or content coding); null for anything else.
 */
function bodyParserRefusal(error: unknown): DomainError | null {
  const status = (error as { status?: unknown }).status;
  if (status === 413) return tooLarge(BODY_TOO_LARGE);
  if (typeof status === "number" && status >= 400 && status < 500) return malformed(BODY_NOT_JSON);
  return null;
}

/** The storefront routers' error handler: domain errors and body refusals as JSON, anything else a logged 500. */
export function sendStorefrontError(error: unknown, _req: Request, res: Response, _next: NextFunction) {
  const refusal = error instanceof DomainError ? error : bodyParserRefusal(error);
  sendError(res, refusal ?? error, "public endpoint failed");
}

/** What a storefront script may load: 404 when there is nothing to show, 410 for a replaced install script. */
export async function sendToScript(req: Request, res: Response, storeId: string, answer: object | null) {
  if (!answer) throw notFound("Popup not found");
  const version = typeof req.query.v === "string" ? req.query.v : undefined;
  if (!(await acceptsScriptVersion(storeId, version))) {
    throw gone("This install script was replaced; install the current script from the dashboard");
  }
  // A browser or CDN revalidates its copy by ETag: 304 while nothing changed (docs/decisions/142).
  const body = JSON.stringify(answer);
  const etag = entityTag(body);
  res.setHeader("Cache-Control", STOREFRONT_CONFIG_CACHE_CONTROL);
  res.setHeader("ETag", etag);
  if (matchesEntityTag(req.get("if-none-match"), etag)) {
    res.status(304).end();
    return;
  }
  res.type("application/json").send(body);
}

/**
 * Every active popup with its targeting, design and variants; the script chooses on the page.
 * `fromAppEmbed`: the Shopify theme app embed loaded the script, which the Integration page shows as on.
 */
async function sendPopups(req: Request, res: Response, caller: StorefrontCaller, fromAppEmbed: boolean) {
  const previewed = previewedPopupId(caller.storeId, req.query.preview);
  if (previewed) return sendPreview(res, caller.storeId, previewed);
  // Only a store's id is recorded: ids a client makes up never reach the database or the memo.
  if (fromAppEmbed && (await isKnownStore(caller.storeId))) await recordAppEmbedSeen(caller.storeId);
  await sendToScript(req, res, caller.storeId, await publicPopups(caller.storeId));
}

/**
 * The demo page's preview (a valid preview token): that popup's unpublished working copy, for this browser
 * only. Never stored by a browser or CDN, no ETag, and not from the public entry's memo: what every shopper is
 * answered stays the published version.
 */
async function sendPreview(res: Response, storeId: string, popupId: string) {
  const answer = await previewPopups(storeId, popupId);
  if (!answer) throw notFound("Popup not found");
  res.setHeader("Cache-Control", "no-store");
  // end(), not json(): Express would add an ETag, which nothing may revalidate against.
  res.type("application/json").end(JSON.stringify(answer));
}

/** A bot check for one subscription (bot-check.server.ts): never cached, one per popup shown. */
async function sendChallenge(res: Response, caller: StorefrontCaller) {
  await consume(publicRateRules().challengesPerIp, clientNetwork(caller.ip));
  if (!(await publicPopups(caller.storeId))) throw notFound("Popup not found");
  res.setHeader("Cache-Control", "no-store");
  res.json(issueChallenge(caller.storeId));
}

/**
 * A storefront subscription from its parsed JSON body (undefined: none): the store, the body's shape, then
 * the subscription. Shared by the Express route and the lean path of the production server
 * (lean-subscribe.server.ts).
 *
 * Its limits, per address then per store, cost one Redis round trip (docs/decisions/194): a submission that
 * gets as far as being stored counts both, and claims its inbox, in one script (consumeThenClaim). Any other
 * answer (a refusal, the honeypot's) counts the address alone before it is sent, and a 429 replaces it, so
 * every request still counts against its address and an address over its limit learns nothing else. Work
 * before that count is only what memory answers: a store not in memory is read from the database only for an
 * address within its limit, counted first on its own (the script then counts the store alone).
 */
export async function subscribeFromStorefront(
  caller: StorefrontCaller,
  json: unknown,
  userAgent: string,
): Promise<SubscribeResponse> {
  const rules = publicRateRules();
  const perAddress: [RateRule, string] = [rules.subscribePerIp, clientNetwork(caller.ip)];
  let counted = false;
  const countAddress = async () => {
    if (counted) return;
    counted = true;
    await consume(...perAddress);
  };
  if (!storeInMemory(caller.storeId)) await countAddress();
  try {
    // An unknown store answers 404 whatever the body says.
    if (!(await isKnownStore(caller.storeId))) throw notFound("Popup not found");
    const body = subscribeBodySchema.safeParse(json ?? {});
    if (!body.success) throw invalidInput(body.error);
    const { popupId, variantId } = body.data;
    const previewed = previewedPopupId(caller.storeId, body.data.preview);
    // A preview's subscription (of the popup its token names) is answered, never stored.
    const answer =
      previewed && previewed === popupId
        ? previewSubscribe(await previewSubscribingPopup(caller.storeId, previewed, variantId), body.data)
        : await subscribe(
            await subscribingPopup(caller.storeId, popupId, variantId),
            body.data,
            { ip: caller.ip, userAgent, throughAppProxy: caller.throughAppProxy },
            (inbox) => {
              const perStore: [RateRule, string] = [rules.subscribePerStore, caller.storeId];
              const checks = counted ? [perStore] : [perAddress, perStore];
              counted = true;
              return consumeThenClaim(checks, inbox);
            },
          );
    await countAddress();
    return answer;
  } catch (error) {
    await countAddress();
    throw error;
  }
}

/**
 * A popup view, with the popup and variant shown and the visitor (`{ popupId, variantId, sessionId }`, the
 * script's text/plain JSON; anything else counts for the store only). A popup with an opener sends its view
 * once the opener is answered (or the popup closes, or the page goes), `opener: "yes"` after a yes: one
 * request per page view still (docs/decisions/186). Only the first views of an address
 * per store and UTC day count for the store; the A/B test counts a visitor's view of a variant once a day,
 * within a cap per address and popup (variant-views.server.ts). A view the A/B test counts for the visitor
 * answers 200 `{ viewToken }`, which the subscription carries; any other 204 (the script has nothing to do).
 */
async function handleImpression(req: Request, res: Response, { storeId, ip }: StorefrontCaller) {
  const rules = publicRateRules();
  const address = clientNetwork(ip);
  await consume(rules.impressionsPerIp, address);
  if (!(await publicPopups(storeId))) throw notFound("Popup not found");
  const shown = req.body as
    | { popupId?: unknown; variantId?: unknown; sessionId?: unknown; opener?: unknown }
    | null
    | undefined;
  const found = await impressionTarget(storeId, shown?.popupId, shown?.variantId);
  const target = found && { popupId: found.popupId, variantId: found.variantId };
  const today = new Date().toISOString().slice(0, 10);
  const storeView = await countWithin(rules.impressionsCountedPerIpPerDay, `${storeId}:${address}:${today}`);
  const variantView =
    target &&
    (await countVariantView(
      { storeId, ...target, visitor: shown?.sessionId },
      { rule: rules.abImpressionsCountedPerIpPerDay, address },
      today,
    ));
  const impression = variantView?.impression;
  await recordImpression(storeId, {
    storeView,
    variant:
      target && impression
        ? {
            ...target,
            day: today,
            counted: impression === "counted",
            openerContinued: found.hasOpener && shown?.opener === "yes",
          }
        : null,
  });
  const viewToken = variantView?.token;
  if (viewToken) res.json({ viewToken });
  else res.status(204).end();
}

/**
 * Serves the five calls under `base` on a router: `callerOf` says whose store and which client a request is,
 * `fromAppEmbed` whether the theme app embed loaded the script that asks for the popups.
 */
export function serveStorefrontCalls(
  router: Router,
  base: string,
  callerOf: (req: Request, res: Response) => StorefrontCaller,
  fromAppEmbed: (req: Request) => boolean,
): void {
  router.get(`${base}/popups`, async (req, res) => {
    await sendPopups(req, res, callerOf(req, res), fromAppEmbed(req));
  });
  router.get(`${base}/challenge`, async (req, res) => {
    await sendChallenge(res, callerOf(req, res));
  });
  router.post(`${base}/subscribe`, storefrontJson, async (req, res) => {
    res.json(await subscribeFromStorefront(callerOf(req, res), req.body, req.get("user-agent") ?? ""));
  });
  router.post(`${base}/extra-fields`, storefrontJson, async (req, res) => {
    const caller = callerOf(req, res);
    await consume(publicRateRules().subscribePerIp, clientNetwork(caller.ip));
    const body = extraFieldsBodySchema.safeParse(req.body ?? {});
    if (!body.success) throw invalidInput(body.error);
    res.json(await saveExtraFields(caller.storeId, body.data));
  });
  router.post(`${base}/impressions`, lenientJson, async (req, res) => {
    await handleImpression(req, res, callerOf(req, res));
  });
}
