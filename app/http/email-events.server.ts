import express, { type NextFunction, type Request, type Response } from "express";
import { clientNetwork } from "~/server/client-network.server";
import { env } from "~/server/env.server";
import { consume, type RateRule } from "~/server/rate-limit.server";
import { receiveEmailEvents } from "~/services/email-events/receive.server";
import { sendStorefrontError } from "./storefront-calls.server";

/**
 * The providers' bounce and complaint webhooks (docs/decisions/174): no session, no CORS (servers call it),
 * the raw body kept for the signature, rate limited per client address like the storefront's endpoints.
 */
export const emailEventsRouter = express.Router();

/** SendGrid batches up to some thousands of events per request; nothing legitimate comes near this. */
const BODY_LIMIT = "1mb";

const perIp = (): RateRule => ({
  name: "email-events-ip",
  limit: env().EMAIL_EVENTS_LIMIT_PER_IP,
  windowMs: 60_000,
  message: "Too many requests. Please try again in a minute.",
});

/** Header values by lower-case name (a repeated header: its first value). */
function headersOf(req: Request): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
  );
}

emailEventsRouter.post(
  "/webhooks/email-events/:storeId",
  async (req: Request, _res: Response, next: NextFunction) => {
    await consume(perIp(), clientNetwork(req.ip ?? "unknown"));
    next();
  },
  express.raw({ type: () => true, limit: BODY_LIMIT }),
  async (req: Request, res: Response) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const applied = await receiveEmailEvents(String(req.params.storeId), { headers: headersOf(req), body });
    res.setHeader("Cache-Control", "no-store");
    res.status(200).json({ applied });
  },
);

/** Refusals (a bad signature, a body too large) as JSON 4xx; only a failure of ours is a 5xx. */
emailEventsRouter.use("/webhooks/email-events", sendStorefrontError);
