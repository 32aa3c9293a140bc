/**
 * The popup itself: the storefront script mounts it over the page, the builder mounts it `inline` in its
 * preview pane, so the preview is the real popup. Vanilla DOM, rendered into an open shadow root with its
 * own CSS: the shop's CSS cannot reach in and the popup's CSS cannot leak out.
 */

import { startConfetti } from "./confetti";
import {
  fillDiscountPercent,
  type OptionalField,
  optionalFieldNames,
  type PublicPopupConfig,
  type SocialNetwork,
} from "./config";
import { escapeHtml, sanitizeInlineHtml } from "./sanitize";
import { type SubscriberValues, validateSubscriber } from "./validation";

export type PopupFormValues = SubscriberValues & { website: string };
/** An accepted submission shows the code when it carries one, else the message (check your inbox). */
export type PopupSubmitResult =
  | { ok: true; discountCode?: string; message?: string }
  | { ok: false; errors?: Record<string, string>; message?: string };
export type PopupMountOptions = {
  /** Builder preview: a processing view (about 2 s) before success; 'Continue Shopping' returns to the form. */
  preview?: boolean;
  /** Render inside the host box (the builder's preview pane): no full-screen overlay, no scroll locking. */
  inline?: boolean;
  /** Inline only: the height in px of the screen the host stands for; the maximum height is a share of it. */
  screenHeight?: number;
  onSubmit: (values: PopupFormValues) => Promise<PopupSubmitResult>;
  onClose?: () => void;
};
export type PopupHandle = { update(config: PublicPopupConfig): void; destroy(): void };

export const GENERIC_ERROR = "Something went wrong. Please try again.";
export const COPY_FAILED = "Copy failed: Please copy the discount code manually";
/** SPEC §9: the fake submit delay of the preview. */
export const PREVIEW_PROCESSING_MS = 2000;

type FieldName = "email" | OptionalField;
type View = "form" | "processing" | "success";

/** Label, autocomplete token, input type. */
const FIELDS: Record<FieldName, [string, string, string?]> = {
  email: ["Email address", "email", "email"],
  name: ["Name", "name"],
  phone: ["Phone", "tel", "tel"],
  company: ["Company", "organization"],
  address: ["Address", "street-address"],
  street: ["Street", "address-line1"],
  city: ["City", "address-level2"],
  state: ["State / Province", "address-level1"],
  zipCode: ["ZIP / Postal code", "postal-code"],
  country: ["Country", "country-name"],
};

const icon = (d: string, fill = "currentColor", stroke = "none") =>
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

const WIDTHS = { sm: 360, md: 440, lg: 520, xl: 640 };

const CSS =
  "*{box-sizing:border-box}" +
  ".ov{position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;padding:12px;background:rgba(17,24,39,.55);container-type:inline-size;color-scheme:light;animation:np-fade .3s}" +
  ".in{position:relative;inset:auto;z-index:auto;min-height:100%;padding:24px 12px}" +
  "canvas{position:absolute;inset:0;width:100%;height:100%;pointer-events:none;z-index:1}" +
  '.dlg{position:relative;display:flex;flex-direction:column;width:100%;max-width:var(--w);max-height:var(--h);background:#fff;color:#111827;border-radius:16px;box-shadow:0 24px 48px rgba(0,0,0,.3);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;text-align:left;overflow:hidden}' +
  ".dlg:focus{outline:0}" +
  ".bd{overflow:auto;overscroll-behavior:contain;min-height:0;padding:36px 28px 28px}" +
  ".t{margin:0 24px 8px;font-size:24px;line-height:1.25;font-weight:800;text-align:center;overflow-wrap:anywhere}" +
  ".s{margin:0 0 20px;color:#4b5563;text-align:center;overflow-wrap:anywhere}" +
  "mark{background:#fde68a;color:inherit;padding:0 .15em;border-radius:3px}" +
  ".f{margin-bottom:14px}" +
  "label{display:block;font-size:14px;font-weight:600;margin-bottom:4px}" +
  "input{display:block;width:100%;min-height:44px;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;font:inherit;color:inherit;background:#fff}" +
  "input:focus{outline:2px solid #111827;outline-offset:1px}" +
  "[aria-invalid=true]{border-color:#dc2626}" +
  ".err,.gen{margin:4px 0 0;color:#b91c1c;font-size:14px}" +
  ".err:empty,.gen:empty,.cs:empty{display:none}" +
  ".gen{margin:0 0 8px}" +
  "button{font:inherit;cursor:pointer;min-height:44px}" +
  ".pri{display:block;width:100%;min-height:48px;margin-top:8px;border:0;border-radius:8px;background:#111827;color:#fff;font-weight:700;letter-spacing:.04em;padding:12px}" +
  ".pri:hover{background:#374151}" +
  ".pri[aria-busy=true]{opacity:.7;cursor:progress}" +
  "button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}" +
  ".x{position:absolute;z-index:1;top:4px;right:4px;width:44px;border:0;border-radius:50%;background:none;color:#6b7280;display:grid;place-items:center}" +
  ".x:hover{background:#f3f4f6;color:#111827}" +
  ".hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}" +
  ".c{text-align:center}" +
  ".code{display:flex;gap:8px;margin:16px 0 8px}" +
  ".code input{flex:1;min-width:0;text-align:center;font:700 20px/1 ui-monospace,Menlo,Consolas,monospace;letter-spacing:.08em;border:2px dashed #9ca3af;background:#f9fafb}" +
  ".cp{padding:0 18px;border:1px solid #111827;border-radius:8px;background:#fff;color:#111827;font-weight:600}" +
  ".cs{margin:0;font-size:14px;color:#374151}" +
  ".sw{margin:16px 0}.sw p{margin:0 0 8px;font-size:14px;color:#374151}" +
  ".so{display:flex;justify-content:center;flex-wrap:wrap;gap:8px}" +
  ".so a{width:44px;height:44px;border-radius:50%;display:grid;place-items:center;color:#fff;font-weight:800;font-size:18px;text-decoration:none}" +
  ".spin{width:44px;height:44px;margin:24px auto 16px;border:4px solid #e5e7eb;border-top-color:#111827;border-radius:50%;animation:np-spin .8s linear infinite}" +
  ".a-slide-in{animation:np-slide .4s ease-out}.a-fade-in{animation:np-fade .4s}.a-zoom-in{animation:np-zoom .35s ease-out}.a-bounce-in{animation:np-bounce .6s}" +
  "@keyframes np-fade{from{opacity:0}}" +
  "@keyframes np-slide{from{opacity:0;transform:translateY(40px)}}" +
  "@keyframes np-zoom{from{opacity:0;transform:scale(.85)}}" +
  "@keyframes np-bounce{0%{opacity:0;transform:scale(.3)}50%{opacity:1;transform:scale(1.05)}70%{transform:scale(.95)}}" +
  "@keyframes np-spin{to{transform:rotate(1turn)}}" +
  "@container (max-width:480px){.dlg{max-width:none}.bd{padding:32px 18px 20px}.t{font-size:20px}}" +
  // The builder's side-pane preview is narrower than any phone: the code goes above its Copy button.
  "@container (max-width:300px){.code{flex-direction:column}.code input{flex:none}}" +
  "@media (prefers-reduced-motion:reduce){.ov,.dlg{animation:none!important}.spin{animation-duration:3s}}";

/** Only http(s) links; a bare "linkedin.com/x" gets https://. */
function safeUrl(raw: string): string {
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw}`);
    return /^https?:$/.test(url.protocol) ? url.href : "";
  } catch {
    return "";
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function mountPopup(
  host: HTMLElement,
  config: PublicPopupConfig,
  options: PopupMountOptions,
): PopupHandle {
  const { preview = false, inline = false } = options;
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${inline ? ":host{display:block}" : ":host{all:initial!important}"}${CSS}</style><div class="ov${
    inline ? " in" : ""
  }"><canvas></canvas><div class="dlg" role="dialog"${
    inline ? "" : ' aria-modal="true"'
  } aria-labelledby="np-t" tabindex="-1"><button type="button" class="x" aria-label="Close" data-a="close">${icon(
    "M6 6l12 12M18 6L6 18",
    "none",
    "currentColor",
  )}</button><div class="bd"></div></div></div>`;
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector);
  const pick = <T extends Element>(selector: string): T => {
    const element = $<T>(selector);
    if (!element) throw new Error(`popup: missing ${selector}`);
    return element;
  };
  const overlay = pick<HTMLElement>(".ov");
  const dialog = pick<HTMLElement>(".dlg");
  const body = pick<HTMLElement>(".bd");
  const canvas = pick<HTMLCanvasElement>("canvas");

  let cfg = config;
  let view: View = "form";
  let values: Partial<Record<FieldName, string>> = {};
  let errors: Record<string, string> = {};
  let general = "";
  let code = "";
  let notice = "";
  let busy = false;
  let destroyed = false;
  let stopConfetti = () => {};
  let copyTimer: ReturnType<typeof setTimeout> | undefined;
  const returnFocus = inline ? null : document.activeElement;

  const shownFields = (): FieldName[] => ["email", ...optionalFieldNames.filter((name) => cfg.fields[name])];

  /** The merchant's inline HTML, with the offer's figures filled in after sanitizing. */
  const offerText = (html: string) => fillDiscountPercent(sanitizeInlineHtml(html), cfg.discountPercentage);

  function formHtml(): string {
    const fields = shownFields()
      .map((name) => {
        const [label, autocomplete, type = "text"] = FIELDS[name];
        const required = name === "email" || name === "name" ? ' aria-required="true"' : "";
        return `<div class="f"><label for="np-${name}">${label}</label><input id="np-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}"${required} value="${escapeHtml(
          values[name],
        )}"><p class="err" id="np-${name}-e"></p></div>`;
      })
      .join("");
    return `<form novalidate><h2 class="t" id="np-t">${offerText(cfg.title)}</h2><p class="s">${offerText(cfg.subtitle)}</p>${fields}<div class="hp" aria-hidden="true"><input name="website" tabindex="-1" autocomplete="off" aria-hidden="true"></div><p class="gen" role="alert"></p><button type="submit" class="pri">${escapeHtml(
      cfg.buttonText || "SUBMIT",
    )}</button></form>`;
  }

  function successHtml(): string {
    const links = Object.entries(cfg.socialLinks || {})
      .map(([network, href]) => {
        const meta = SOCIAL[network as SocialNetwork];
        const url = safeUrl(String(href || "").trim());
        return meta && url
          ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer" aria-label="${meta[0]}" style="background:${meta[1]}">${meta[2]}</a>`
          : "";
      })
      .join("");
    const social =
      cfg.layout.showSocialIcons && links
        ? `<div class="sw"><p>Follow us</p><div class="so">${links}</div></div>`
        : "";
    // Without a code the status line carries the server's message (check your inbox) instead.
    const offer = code
      ? `<p class="s">Use this code at checkout to get ${escapeHtml(
          cfg.discountPercentage,
        )}% off your order.</p><div class="code"><input readonly value="${escapeHtml(
          code,
        )}" aria-label="Discount code"><button type="button" class="cp" data-a="copy">Copy</button></div>`
      : "";
    return `<div class="c"><h2 class="t" id="np-t">Thank you for subscribing!</h2>${offer}<p class="cs" role="status">${escapeHtml(
      notice,
    )}</p>${social}<button type="button" class="pri" data-a="continue">Continue Shopping</button></div>`;
  }

  function applyLayout(): void {
    const width = WIDTHS[cfg.layout.width] || WIDTHS.lg;
    const height = Math.min(100, Math.max(20, Number(cfg.layout.maxHeightVh) || 70));
    dialog.style.setProperty("--w", `${width}px`);
    const { screenHeight } = options;
    dialog.style.setProperty(
      "--h",
      inline && screenHeight ? `${Math.round((screenHeight * height) / 100)}px` : `${height}vh`,
    );
  }

  function playAnimation(): void {
    dialog.className = "dlg";
    void dialog.offsetWidth; // restart the keyframes
    dialog.classList.add(`a-${cfg.animation}`);
  }

  function readValues(): void {
    for (const input of root.querySelectorAll<HTMLInputElement>("form input:not([name=website])")) {
      values[input.name as FieldName] = input.value;
    }
  }

  /** Writes `errors` and `general` into the form without re-rendering it (focus and caret stay). */
  function showErrors(): void {
    const shown = shownFields();
    let line = general;
    for (const [field, message] of Object.entries(errors)) {
      if (!shown.includes(field as FieldName) && !line) line = message;
    }
    for (const name of shown) {
      const input = $<HTMLInputElement>(`#np-${name}`);
      const slot = $<HTMLElement>(`#np-${name}-e`);
      const message = errors[name] || "";
      if (!input || !slot) continue;
      slot.textContent = message;
      if (message) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", slot.id);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      }
    }
    const lineEl = $<HTMLElement>(".gen");
    if (lineEl) lineEl.textContent = line;
  }

  function paint(): void {
    const hadFocus = root.activeElement !== null;
    if (view === "form") {
      body.innerHTML = formHtml();
      showErrors();
    } else if (view === "processing") {
      body.innerHTML = `<div class="c" role="status"><div class="spin"></div><p class="t" id="np-t">Processing…</p></div>`;
    } else {
      body.innerHTML = successHtml();
    }
    if ((hadFocus || !inline) && root.activeElement === null) dialog.focus({ preventScroll: true });
  }

  function go(next: View): void {
    if (next !== "success") {
      stopConfetti();
    }
    view = next;
    paint();
    if (next === "success") stopConfetti = startConfetti(canvas, 3000);
  }

  async function submit(): Promise<void> {
    if (busy) return;
    readValues();
    const website = pick<HTMLInputElement>("[name=website]").value;
    const payload = { email: "" } as PopupFormValues;
    for (const name of shownFields()) payload[name] = (values[name] || "").trim();
    payload.website = website;
    errors = validateSubscriber(payload, cfg.fields, cfg.emailValidation);
    general = "";
    showErrors();
    const firstInvalid = $<HTMLInputElement>("[aria-invalid=true]");
    if (firstInvalid) {
      firstInvalid.focus();
      return;
    }
    busy = true;
    const button = pick<HTMLButtonElement>(".pri");
    button.setAttribute("aria-busy", "true");
    if (preview) go("processing");
    let result: PopupSubmitResult;
    try {
      [result] = await Promise.all([
        options.onSubmit(payload),
        preview ? delay(PREVIEW_PROCESSING_MS) : null,
      ]);
    } catch {
      result = { ok: false, message: GENERIC_ERROR };
    }
    busy = false;
    if (destroyed) return;
    if (result.ok) {
      code = result.discountCode || "";
      // With a code the heading says it all; without one the message tells where the code went.
      notice = code ? "" : result.message || "";
      go("success");
      return;
    }
    errors = result.errors || {};
    general = Object.keys(errors).length ? "" : result.message || GENERIC_ERROR;
    if (view === "form") {
      button.removeAttribute("aria-busy");
      showErrors();
    } else {
      go("form");
    }
    ($<HTMLInputElement>("[aria-invalid=true]") || pick<HTMLButtonElement>(".pri")).focus();
  }

  function copy(): void {
    const input = pick<HTMLInputElement>(".code input");
    const button = pick<HTMLButtonElement>(".cp");
    const status = pick<HTMLElement>(".cs");
    const fail = () => {
      status.textContent = COPY_FAILED;
      input.focus();
      input.select();
    };
    if (!navigator.clipboard) {
      fail();
      return;
    }
    navigator.clipboard.writeText(code).then(() => {
      status.textContent = "Copied!";
      button.textContent = "Copied";
      clearTimeout(copyTimer);
      copyTimer = setTimeout(() => {
        button.textContent = "Copy";
        status.textContent = "";
      }, 2000);
    }, fail);
  }

  function close(): void {
    if (!inline) handle.destroy();
    if (options.onClose) options.onClose();
  }

  const focusables = () =>
    [...dialog.querySelectorAll<HTMLElement>("button,a[href],input:not([tabindex='-1'])")].filter(
      (el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
    );

  function onKeydown(event: KeyboardEvent): void {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = root.activeElement;
    if (event.shiftKey ? !active || active === first || active === dialog : !active || active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  }

  root.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === overlay && !inline) return close();
    const action = target.closest("[data-a]")?.getAttribute("data-a");
    if (action === "close") close();
    else if (action === "copy") copy();
    else if (action === "continue") {
      if (preview) {
        values = {};
        errors = {};
        general = "";
        go("form");
      } else close();
    }
  });
  root.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit();
  });
  root.addEventListener("input", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name && (errors[name] || general)) {
      delete errors[name];
      general = "";
      showErrors();
    }
  });

  let unlock = () => {};
  if (!inline) {
    document.addEventListener("keydown", onKeydown, true);
    const html = document.documentElement;
    const gap = window.innerWidth - html.clientWidth;
    const saved = [html.style.overflow, document.body.style.paddingRight];
    html.style.overflow = "hidden";
    // Keep the page where it is when the scrollbar disappears (no layout shift).
    if (gap > 0) document.body.style.paddingRight = `${gap}px`;
    unlock = () => {
      html.style.overflow = saved[0] as string;
      document.body.style.paddingRight = saved[1] as string;
    };
  }

  applyLayout();
  playAnimation();
  paint();

  const handle: PopupHandle = {
    update(next) {
      if (destroyed) return;
      if (view === "form") readValues();
      const animationChanged = next.animation !== cfg.animation;
      cfg = next;
      applyLayout();
      if (animationChanged) playAnimation();
      paint();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopConfetti();
      clearTimeout(copyTimer);
      document.removeEventListener("keydown", onKeydown, true);
      unlock();
      root.innerHTML = "";
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected)
        returnFocus.focus({ preventScroll: true });
    },
  };
  return handle;
}
