/**
 * What the popup shows once a submission is accepted: the success view (code, Copy button, social links) and
 * its confetti. Only a visitor who subscribes sees it, so it is the storefront's feature file
 * newsletter-popup-success.js (popup/features.ts), asked for as the visitor starts typing; the builder's
 * preview imports it (popup/builder-features.ts).
 */
import type { PublicPopupConfig, SocialNetwork } from "./config";
import type { Features } from "./features";
import { autoApplyUrl } from "./offer";
import type { DrawnSlice } from "./prize-wheel";
import { escapeHtml } from "./sanitize";
import { SUCCESS_ENGLISH, type SuccessTextKey } from "./success-texts";
import type { PopupTexts } from "./texts";

export { startConfetti } from "./confetti";
/** The form's checks run once the shopper submits, when this file is there: they ship here, not in the view. */
export { validateSubscriber } from "./validation";

/**
 * What the popup lends its success view (popup/render.ts): the texts in the popup's language and a text with
 * the offer filled in. The success view's English words ship here (popup/success-texts.ts), the form's in the
 * view file.
 */
export type Words = { texts: PopupTexts | undefined; fill: (text: string) => string };

/** A text of the success view in the popup's language, else in English. */
const textOf = ({ texts }: Words, key: SuccessTextKey): string => texts?.[key] || SUCCESS_ENGLISH[key];

/** A 20 px line or filled glyph (the social links here, the popup's close button in render.ts). */
export const icon = (d: string, fill = "currentColor", stroke = "none") =>
  `<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="${fill}" stroke="${stroke}" stroke-width="2"><path d="${d}"/></svg>`;

/** Accessible name, brand colour, glyph. */
const SOCIAL: Record<SocialNetwork, [string, string, string]> = {
  linkedin: ["LinkedIn", "#0a66c2", "in"],
  twitter: ["X (Twitter)", "#000", "X"],
  youtube: ["YouTube", "#e00", icon("M8 5v14l11-7z")],
  instagram: [
    "Instagram",
    "#d62976",
    icon(
      "M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zm4 5a4 4 0 100 8 4 4 0 000-8z",
      "none",
      "#fff",
    ),
  ],
  facebook: ["Facebook", "#1877f2", "f"],
  reddit: ["Reddit", "#ff4500", "r"],
  quora: ["Quora", "#b92b27", "Q"],
};

/** Added to the popup's own CSS (popup/render.ts) while one of these views is shown. */
const CSS =
  "<style>" +
  ".code{display:flex;gap:8px;margin:16px 0 8px}" +
  ".code input{flex:1;min-width:0;text-align:center;font:700 18px/1 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.05em;border:2px dashed #9ca3af;background:#f9fafb}" +
  ".cp{padding:0 18px;border:1px solid #111827;border-radius:8px;background:#fff;color:#111827;font-weight:600}" +
  ".cs{margin:0;font-size:14px;color:#374151}.cs:empty{display:none}" +
  ".oc{margin:0 0 8px;font-size:13px;opacity:.8;text-align:center}" +
  ".ap{margin:0 0 8px}.ap a{color:inherit;font-weight:600}" +
  ".sw{margin:16px 0}.sw p{margin:0 0 8px;font-size:14px;color:#374151}" +
  ".so{display:flex;justify-content:center;flex-wrap:wrap;gap:8px}" +
  ".so a{width:44px;height:44px;border-radius:50%;display:grid;place-items:center;color:#fff;font-weight:800;font-size:18px;text-decoration:none}" +
  // The builder's side-pane preview is narrower than any phone: the code goes above its Copy button.
  "@container (max-width:300px){.code{flex-direction:column}.code input{flex:none}}" +
  "</style>";

/** Only http(s) links; a bare "linkedin.com/x" gets https://. */
function safeUrl(raw: string): string {
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw}`);
    return /^https?:$/.test(url.protocol) ? url.href : "";
  } catch {
    return "";
  }
}

/**
 * The code to copy when there is one (on a Shopify storefront with its link that applies it to the cart),
 * under "Use this code at checkout to get …" (the server's line in the shopper's language: the drawn prize's,
 * else the language's texts'; docs/decisions/196) with the code's `conditions` under it (the minimum order, its
 * last day), else `notice` (the server's message: check your inbox); with a wheel (its feature file), the
 * slice it landed on first.
 */
export function successHtml(
  config: PublicPopupConfig,
  words: Words,
  code: string,
  notice: string,
  drawn?: DrawnSlice,
  wheel?: Features["wheel"],
  conditions = "",
): string {
  const say = (key: SuccessTextKey) => escapeHtml(textOf(words, key));
  const links = Object.entries(config.socialLinks || {})
    .map(([network, href]) => {
      const meta = SOCIAL[network as SocialNetwork];
      const url = safeUrl(String(href || "").trim());
      return meta && url
        ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" aria-label="${meta[0]}" style="background:${meta[1]}">${meta[2]}</a>`
        : "";
    })
    .join("");
  const social =
    config.layout.showSocialIcons && links
      ? `<div class="sw"><p>${say("followUs")}</p><div class="so">${links}</div></div>`
      : "";
  const apply = config.autoApply
    ? `<p class="ap"><a href="${escapeHtml(
        autoApplyUrl((window.Shopify?.routes?.root || "/").slice(0, -1), code, location.pathname),
      )}">${say("applyToCart")}</a></p>`
    : "";
  const offer = code
    ? `<p class="s">${escapeHtml(drawn?.useCode || words.fill(textOf(words, "useCode")))}</p><div class="code"><input readonly value="${escapeHtml(
        code,
      )}" aria-label="${say("discountCode")}"><button type="button" class="cp" data-a="copy">${say("copy")}</button></div>${
        conditions && `<p class="oc">${escapeHtml(conditions)}</p>`
      }${apply}`
    : "";
  // The wheel stays where it landed, above what it gave.
  const result =
    drawn && config.wheel && wheel
      ? `${wheel.wheelHtml(config.wheel, drawn.slice)}<p class="s">${say(drawn.won ? "youWon" : "noPrize")}: ${escapeHtml(drawn.label)}</p>`
      : "";
  return `${CSS}<div class="c"><h2 class="t" id="np-t">${say("thanks")}</h2>${result}${offer}<p class="cs" role="status">${escapeHtml(
    notice,
  )}</p>${social}<button type="button" class="pri" data-a="continue">${say("continueShopping")}</button></div>`;
}

let copyTimer: ReturnType<typeof setTimeout> | undefined;

/** The Copy button of the success view in `root`: the code to the clipboard, or selected to copy by hand. */
export function copyCode(root: ParentNode, code: string, words: Words): void {
  const say = (key: SuccessTextKey) => textOf(words, key);
  const input = root.querySelector<HTMLInputElement>(".code input");
  const button = root.querySelector<HTMLButtonElement>(".cp");
  const status = root.querySelector<HTMLElement>(".cs");
  if (!input || !button || !status) return;
  const fail = () => {
    status.textContent = say("copyFailed");
    input.focus();
    input.select();
  };
  if (!navigator.clipboard) {
    fail();
    return;
  }
  navigator.clipboard.writeText(code).then(() => {
    status.textContent = say("copiedNotice");
    button.textContent = say("copied");
    clearTimeout(copyTimer);
    copyTimer = setTimeout(() => {
      button.textContent = say("copy");
      status.textContent = "";
    }, 2000);
  }, fail);
}
