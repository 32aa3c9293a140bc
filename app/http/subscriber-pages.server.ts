import express, { type Request, type Response } from "express";
import { recordUnsubscribeFrom } from "~/services/campaigns/sends.server";
import { recordClick } from "~/services/email/click-tracking.server";
import {
  confirmSubscription,
  subscriberForLink,
  unsubscribe,
} from "~/services/subscribers/unsubscribe.server";
import { escapeHtml } from "../../popup/sanitize";

/** The pages a subscriber reaches from an email: click tracking, unsubscribe, double opt-in. No cookies, no session. */
export const subscriberRouter = express.Router();

export function page(res: Response, status: number, title: string, body: string) {
  res
    .status(status)
    .type("html")
    .setHeader("Cache-Control", "no-store")
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><meta name="robots" content="noindex">
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f4f6f8;color:#202223}main{max-width:28rem;margin:12vh auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 1px 3px #0002}h1{font-size:1.4rem;margin:0 0 12px}p{line-height:1.5}button,a.button{display:inline-block;font:inherit;padding:10px 18px;border:0;border-radius:8px;background:#0071b9;color:#fff;cursor:pointer;text-decoration:none}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
}

export const invalidLink = (res: Response) =>
  page(res, 404, "Link not valid", "<p>This link is not valid. It may have been copied incompletely.</p>");

subscriberRouter.get("/t/:trackingId", async (req: Request, res: Response) => {
  const target = await recordClick(String(req.params.trackingId), {
    ip: req.ip ?? "",
    userAgent: req.get("user-agent") ?? "",
  });
  if (!target) return invalidLink(res);
  res.setHeader("Cache-Control", "no-store");
  res.redirect(302, target);
});

/** "{email} will not receive further emails from {store}.": whom the page is about, and whose list. */
const noFurtherEmails = (subscriber: { email: string; storeName: string }) =>
  `<p>${escapeHtml(subscriber.email)} will not receive further emails from ${escapeHtml(subscriber.storeName)}.</p>`;

/** A GET never unsubscribes: link scanners follow links. It shows a button that POSTs. */
subscriberRouter.get("/u/:token", async (req: Request, res: Response) => {
  const subscriber = await subscriberForLink("unsubscribe", String(req.params.token));
  if (!subscriber) return invalidLink(res);
  if (!subscriber.isActive) return page(res, 200, "You are unsubscribed", noFurtherEmails(subscriber));
  page(
    res,
    200,
    `Unsubscribe from ${subscriber.storeName}`,
    `<p>Stop emails from ${escapeHtml(subscriber.storeName)} to ${escapeHtml(subscriber.email)}?</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
});

/** RFC 8058 one-click (List-Unsubscribe-Post) and the page's button: no cookies, no redirect. */
subscriberRouter.post(
  "/u/:token",
  express.urlencoded({ extended: false, limit: "1kb" }),
  async (req: Request, res: Response) => {
    const unsubscribed = await unsubscribe(String(req.params.token));
    if (!unsubscribed) return invalidLink(res);
    // `c`: the campaign message the link came in, which the unsubscribe counts against.
    if (unsubscribed.justNow) await recordUnsubscribeFrom(req.query.c, unsubscribed.subscriberId);
    const subscriber = await subscriberForLink("unsubscribe", String(req.params.token));
    if (!subscriber) return invalidLink(res);
    page(res, 200, "You are unsubscribed", noFurtherEmails(subscriber));
  },
);

subscriberRouter.get("/confirm/:token", async (req: Request, res: Response) => {
  const subscriber = await subscriberForLink("confirm", String(req.params.token));
  if (!subscriber) return invalidLink(res);
  if (subscriber.confirmedAt)
    return page(res, 200, "Subscription confirmed", "<p>Thank you! Your welcome email is on its way.</p>");
  page(
    res,
    200,
    "Confirm your subscription",
    `<p>Confirm that ${escapeHtml(subscriber.email)} wants to receive emails from ${escapeHtml(subscriber.storeName)}.</p><form method="post"><button type="submit">Confirm subscription</button></form>`,
  );
});

subscriberRouter.post("/confirm/:token", async (req: Request, res: Response) => {
  if (!(await confirmSubscription(String(req.params.token)))) return invalidLink(res);
  page(res, 200, "Subscription confirmed", "<p>Thank you! Your welcome email is on its way.</p>");
});
