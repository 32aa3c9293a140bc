import type { Request, Response } from "express";
import { PREVIEW_NOTICE } from "~/lib/demo-page";
import { installScript } from "~/lib/install-script";
import { env } from "~/server/env.server";
import { activeScriptVersion, publicPopups } from "~/services/popups/public-popups.server";
import { escapeHtml } from "../../popup/sanitize";
import { demoPreview } from "./demo-preview.server";
import { page } from "./subscriber-pages.server";

const products = [
  "Linen Shirt",
  "Canvas Tote",
  "Wool Beanie",
  "Leather Wallet",
  "Cotton Socks",
  "Rain Jacket",
];

/**
 * The demo page of a store none of whose popups is running: what that means for the site's visitors and how to
 * resume, rather than a bare line of text (404: there is nothing to try).
 */
function noPopupRunning(res: Response, storeId: string) {
  const builder = `/popup-builder?storeId=${encodeURIComponent(storeId)}`;
  page(
    res,
    404,
    "All popups are paused",
    `<p>None of this store's popups is running: each is a draft not yet published, paused, or outside its
schedule (not started yet, or ended). Visitors of your site see no popup either.</p>
<p><strong>To resume:</strong> open Popup Builder and press <em>Resume</em> beside a paused popup in the list,
press <em>Publish</em> on a draft, or change a popup's <em>Starts</em> and <em>Ends</em> dates under "Who sees
it". Then reload this page to try it.</p>
<p><a class="button" href="${escapeHtml(builder)}">Open Popup Builder</a></p>`,
  );
}

/**
 * /demo/:storeId — a plain shop page that installs the popup exactly as a merchant would (the SPEC §1
 * script tag), so anyone can try the popup end to end. Long enough to scroll for the scroll trigger.
 * `?lang=de` makes it a German page (`<html lang="de">`): the popup shows in that language when it speaks it.
 * `?preview={popupId}`: a member who may manage the popups sees that popup's unpublished working copy, opened
 * at once under a bar saying so (demo-preview.server.ts); anyone else the page as shoppers have it.
 */
export async function demoPage(req: Request, res: Response) {
  const storeId = String(req.params.storeId);
  const preview = await demoPreview(req, storeId);
  if (preview === "unknown") return page(res, 404, "Popup not found", "<p>This store has no such popup.</p>");
  if (!preview && !(await publicPopups(storeId))) return noPopupRunning(res, storeId);
  const installed = installScript(env().APP_URL, storeId, "typical", await activeScriptVersion(storeId));
  // A preview's token rides on the script tag; the popup opens as soon as the page has loaded.
  const script = preview
    ? installed.replace("></script>", ` data-preview="${escapeHtml(preview.token)}"></script>`)
    : installed;
  const nonce = String(res.locals.cspNonce ?? "");
  const lang = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i.test(String(req.query.lang)) ? String(req.query.lang) : "en";
  const cards = products
    .map(
      (name, index) =>
        `<article><div class="img" style="background:hsl(${index * 55},45%,80%)"></div><h2>${name}</h2><p>$${(19 + index * 7).toFixed(2)}</p></article>`,
    )
    .join("");
  res.type("html").send(`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg">
<title>Demo shop · Newsletter Popup</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#222;background:#fafafa}
header{display:flex;justify-content:space-between;align-items:center;padding:16px 24px;background:#fff;border-bottom:1px solid #eee}
main{max-width:960px;margin:0 auto;padding:24px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
article{background:#fff;border:1px solid #eee;border-radius:8px;padding:12px}
.img{height:140px;border-radius:6px}
article h2{font-size:1.17em;margin:1em 0}
.story{height:1600px;margin-top:32px;line-height:1.6;color:#555}
button.open{padding:8px 14px;border:1px solid #222;border-radius:6px;background:#fff;cursor:pointer}
.preview{margin:0;padding:10px 24px;background:#fff4d6;border-bottom:1px solid #e8c670;color:#4a3a00;font-weight:600}
</style>
${script.replace("<script ", `<script nonce="${escapeHtml(nonce)}" `)}
</head><body>
${preview ? `<p class="preview" role="status">${PREVIEW_NOTICE}</p>` : ""}
<header><strong>Demo Shop</strong><button class="open" id="open-popup" type="button">Show the popup</button></header>
<main>
<h1>New arrivals</h1>
<div class="grid">${cards}</div>
<section class="story"><h2>Our story</h2><p>This page exists to try the newsletter popup: it loads the install script in its head exactly as your site would. Scroll down to try the 50 % scroll trigger, or move the pointer out through the top of the window for exit intent.</p></section>
</main>
<script nonce="${escapeHtml(nonce)}">function openPopup(){window.NewsletterPopup&&window.NewsletterPopup.open()}document.getElementById("open-popup").addEventListener("click",openPopup)${preview ? ';addEventListener("load",openPopup)' : ""}</script>
</body></html>`);
}
