import type { Request, Response } from "express";
import { CROSS_SITE_HEADING, CROSS_SITE_REFUSED } from "~/lib/cross-site";
import { forbidden } from "~/server/domain-errors.server";
import { env } from "~/server/env.server";
import { sendError } from "./errors.server";

/**
 * What a refused cross-site form submission (CSRF check, security.server.ts) answers, by who asked: a page
 * posted by the browser itself gets a styled page that says what to do; React Router's data request (a
 * form sent by the app's JavaScript) gets that sentence as text, which the screen's error page shows; an
 * API caller keeps the JSON error.
 */

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Where the form should have come from, and what to do: open the app at its own address and try again. */
export function crossSiteAdvice(req: Request): { sentence: string; retryUrl: string } {
  const appUrl = env().APP_URL;
  const origin = req.get("origin");
  const page = req.path.replace(/\.data$/, "");
  const retryUrl = new URL(page.startsWith("/api/") ? "/" : page, appUrl).toString();
  const from =
    origin && origin !== "null"
      ? `This form was sent from ${origin}, but this app's address is ${new URL(appUrl).origin}.`
      : "This form was sent from another site than this app's own address.";
  return {
    sentence: `${from} For your safety it was not accepted. Open ${retryUrl} and send the form again from there. If you run this app and ${origin && origin !== "null" ? origin : "that address"} is its address, set APP_URL to it and restart.`,
    retryUrl,
  };
}

function crossSitePage(req: Request): string {
  const { sentence, retryUrl } = crossSiteAdvice(req);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Form not accepted · Newsletter Popup</title>
<style>
  body { margin: 0; font-family: -apple-system, BlinkMacSystemFont, "San Francisco", "Segoe UI", Roboto, sans-serif;
    background: #f1f1f1; color: #303030; }
  main { max-width: 34rem; margin: 12vh auto; padding: 2rem; background: #fff; border-radius: 12px;
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.15); }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  p { line-height: 1.5; overflow-wrap: anywhere; }
  a.button { display: inline-block; margin-top: 0.5rem; padding: 0.5rem 1rem; border-radius: 8px;
    background: #303030; color: #fff; text-decoration: none; font-weight: 600; }
  @media (max-width: 40rem) { main { margin: 0; min-height: 100vh; border-radius: 0; box-sizing: border-box; } }
</style>
</head>
<body>
<main>
<h1>${CROSS_SITE_HEADING}</h1>
<p>${escapeHtml(sentence)}</p>
<a class="button" href="${escapeHtml(retryUrl)}">Open the app</a>
</main>
</body>
</html>`;
}

/** Answers a refused cross-site request in the form its sender can read (see above). */
export function refuseCrossSite(req: Request, res: Response): void {
  const dataRequest = req.path.endsWith(".data");
  if (!dataRequest && req.accepts(["json", "html"]) === "html") {
    res.status(403).type("html").send(crossSitePage(req));
    return;
  }
  if (dataRequest) {
    res.statusMessage = CROSS_SITE_REFUSED;
    res.status(403).type("text/plain").send(crossSiteAdvice(req).sentence);
    return;
  }
  sendError(res, forbidden("Cross-site request refused"));
}
