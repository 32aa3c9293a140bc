import express, { type Request, type Response } from "express";
import { type PageWords, pageWordsIn } from "~/lib/languages/page-words";
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

export function page(res: Response, status: number, title: string, body: string, lang = "en") {
  res
    .status(status)
    .type("html")
    .setHeader("Cache-Control", "no-store")
    .send(`<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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

type LinkSubscriber = { email: string; storeName: string; language: string | null };

/**
 * A page about a subscriber, in their language: its title and paragraph are `words` with {store} and {email}
 * filled in (escaped in the paragraph; `page` escapes the title), and `button` names a button that POSTs back to
 * the same address.
 */
function subscriberPage(
  res: Response,
  subscriber: LinkSubscriber,
  [title, text]: [keyof PageWords, keyof PageWords],
  button?: keyof PageWords,
) {
  const { lang, words } = pageWordsIn(subscriber.language);
  const fill = (template: string, encode: (value: string) => string) =>
    template
      .replace("{store}", () => encode(subscriber.storeName))
      .replace("{email}", () => encode(subscriber.email));
  const form = button
    ? `<form method="post"><button type="submit">${escapeHtml(words[button])}</button></form>`
    : "";
  page(res, 200, fill(words[title], String), `<p>${fill(words[text], escapeHtml)}</p>${form}`, lang);
}

/** A GET never unsubscribes: link scanners follow links. It shows a button that POSTs. */
subscriberRouter.get("/u/:token", async (req: Request, res: Response) => {
  const subscriber = await subscriberForLink("unsubscribe", String(req.params.token));
  if (!subscriber) return invalidLink(res);
  if (!subscriber.isActive) return subscriberPage(res, subscriber, ["unsubscribedTitle", "unsubscribedText"]);
  subscriberPage(res, subscriber, ["unsubscribeTitle", "unsubscribeQuestion"], "unsubscribeButton");
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
    subscriberPage(res, subscriber, ["unsubscribedTitle", "unsubscribedText"]);
  },
);

subscriberRouter.get("/confirm/:token", async (req: Request, res: Response) => {
  const subscriber = await subscriberForLink("confirm", String(req.params.token));
  if (!subscriber) return invalidLink(res);
  if (subscriber.confirmedAt) return subscriberPage(res, subscriber, ["confirmedTitle", "confirmedText"]);
  subscriberPage(res, subscriber, ["confirmTitle", "confirmQuestion"], "confirmButton");
});

subscriberRouter.post("/confirm/:token", async (req: Request, res: Response) => {
  const token = String(req.params.token);
  if (!(await confirmSubscription(token))) return invalidLink(res);
  const subscriber = await subscriberForLink("confirm", token);
  if (!subscriber) return invalidLink(res);
  subscriberPage(res, subscriber, ["confirmedTitle", "confirmedText"]);
});
