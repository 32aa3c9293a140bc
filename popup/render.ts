/**
 * The popup itself: the storefront script mounts it over the page, the builder mounts it `inline` in its
 * preview pane, so the preview is the real popup. Vanilla DOM, rendered into an open shadow root with its
 * own CSS: the shop's CSS cannot reach in and the popup's CSS cannot leak out. With the form's checks
 * (popup/validation.ts) it is the storefront's newsletter-popup-view.js, loaded once the page has chosen a
 * popup; the views that follow a submission (popup/success.ts) are a feature file (popup/features.ts).
 */

import { type OptionalField, optionalFieldNames, type PublicPopupConfig } from "./config";
import type { Features } from "./features";
import { fillOffer } from "./offer";
import type { DrawnSlice } from "./prize-wheel";
import { escapeHtml } from "./sanitize";
import type { ExtraFieldsRequest } from "./steps";
import { icon } from "./success";
import { formText, translatedMessage } from "./texts";
import type { SubscriberValues } from "./validation";

export type PopupFormValues = SubscriberValues & { website: string };
/** An accepted submission shows the code when it carries one, else the message (check your inbox). */
export type PopupSubmitResult =
  | {
      ok: true;
      discountCode?: string;
      /** The code's conditions, in the shopper's language (SubscribeResponse). */
      conditions?: string;
      message?: string;
      wheel?: DrawnSlice;
      extraFieldsToken?: string;
    }
  | { ok: false; errors?: Record<string, string>; message?: string };
export type PopupMountOptions = {
  /** Builder preview: a processing view while `onSubmit` fakes the wait; 'Continue Shopping' returns to the form. */
  preview?: boolean;
  /** Render inside the host box (the builder's preview pane): no full-screen overlay, no scroll locking. */
  inline?: boolean;
  /** Inline only: the height in px of the screen the host stands for; the maximum height is a share of it. */
  screenHeight?: number;
  /** The feature files' modules the popup uses (popup/features.ts): a part whose module is absent is left out. */
  features?: Features;
  onSubmit: (values: PopupFormValues) => Promise<PopupSubmitResult>;
  /** The extra-fields step's request (popup/steps.ts), with the token the subscription answered. */
  onExtraFields?: (values: ExtraFieldsRequest) => Promise<PopupSubmitResult>;
  /** The opener was answered: yes goes on to the form, no closes the popup (onClose follows). */
  onOpener?: (yes: boolean) => void;
  onClose?: () => void;
};
export type PopupHandle = { update(config: PublicPopupConfig): void; destroy(): void };

type FieldName = "email" | OptionalField;
type View = "opener" | "form" | "processing" | "extra" | "success";

/** Autocomplete token, input type (the label is the built-in text `<field>Label`). */
const FIELDS: Record<FieldName, [string, string?]> = {
  email: ["email", "email"],
  name: ["name"],
  phone: ["tel", "tel"],
  company: ["organization"],
  address: ["street-address"],
  street: ["address-line1"],
  city: ["address-level2"],
  state: ["address-level1"],
  zipCode: ["postal-code"],
  country: ["country-name"],
};

const WIDTHS = { sm: 360, md: 440, lg: 520, xl: 640 };
const SYSTEM_FONT = 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif';

/** "#rrggbb" at `percent` % opacity. */
function rgba(hex: string, percent: number): string {
  const n = Number.parseInt(hex.slice(1), 16) || 0;
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${Math.min(100, Math.max(0, percent)) / 100})`;
}

/**
 * The storefront's build (popup/vite.config.ts) defines __STOREFRONT__, so what only the builder's preview
 * uses (inline mounting, the processing view) is left out of the shipped file; elsewhere it is undefined.
 */
declare const __STOREFRONT__: boolean;
const STOREFRONT = typeof __STOREFRONT__ !== "undefined" && __STOREFRONT__;

/** The builder preview's stand-in for the wait on the server (SPEC §9); not in the storefront's file. */
const processingHtml = (): string =>
  "<style>.spin{width:44px;height:44px;margin:24px auto 16px;border:4px solid #e5e7eb;border-top-color:#111827;border-radius:50%;animation:np-spin .8s linear infinite}" +
  "@keyframes np-spin{to{transform:rotate(1turn)}}" +
  "@media (prefers-reduced-motion:reduce){.spin{animation-duration:3s}}</style>" +
  '<div class="c" role="status"><div class="spin"></div><p class="t" id="np-t">Processing…</p></div>';

/** The builder's preview pane: the popup inside its box rather than over the page. */
const INLINE_CSS =
  ":host{display:block}.in{position:relative;inset:auto;z-index:auto;min-height:100%;padding:24px 12px}";

const CSS =
  "*{box-sizing:border-box}" +
  // The overlay is a manual popover: shown in the top layer, over the page whatever its ancestors' transform,
  // filter, contain or z-index; the popover's own UA box (centred, bordered, shrunk to fit) is undone here.
  ".ov{position:fixed;inset:0;width:auto;height:auto;margin:0;border:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;padding:12px;background:var(--ov);container-type:inline-size;color-scheme:light;animation:np-fade .3s}" +
  "canvas{position:absolute;inset:0;width:100%;height:100%;pointer-events:none;z-index:1}" +
  ".dlg{position:relative;display:flex;flex-direction:column;width:100%;max-width:var(--w);max-height:var(--h);background:var(--bg);color:var(--fg);border-radius:var(--r);box-shadow:0 24px 48px #0000004d;font:16px/1.5 var(--font);text-align:left;overflow:hidden}" +
  ".im{display:block;width:100%;max-height:180px;object-fit:cover;flex:none}" +
  ".im:not([src]){display:none}" +
  ".dlg:focus{outline:0}" +
  ".bd{overflow:auto;overscroll-behavior:contain;min-height:0;padding:36px 28px 28px}" +
  ".t{margin:0 24px 8px;font-size:24px;line-height:1.25;font-weight:800;text-align:center;overflow-wrap:anywhere}" +
  ".s{margin:0 0 20px;opacity:.8;text-align:center;overflow-wrap:anywhere}.c{text-align:center}" +
  "mark{background:#fde68a;color:inherit;padding:0 .15em;border-radius:3px}" +
  ".f{margin-bottom:14px}" +
  "label{display:block;font-size:14px;font-weight:600;margin-bottom:4px}" +
  "input{display:block;width:100%;min-height:44px;padding:10px 12px;border:1px solid #d1d5db;border-radius:8px;font:inherit;color:#111827;background:#fff}" +
  "input:focus{outline:2px solid var(--btn);outline-offset:1px}" +
  "[aria-invalid=true]{border-color:#dc2626}" +
  ".err,.gen{margin:4px 0 0;color:#b91c1c;font-size:14px}" +
  ".err:empty,.gen:empty{display:none}" +
  ".gen{margin:0 0 8px}" +
  "button{font:inherit;cursor:pointer;min-height:44px}" +
  ".pri{display:block;width:100%;min-height:48px;margin-top:8px;border:0;border-radius:8px;background:var(--btn);color:var(--btx);font-weight:700;letter-spacing:.04em;padding:12px}" +
  ".pri:hover{opacity:.88}" +
  ".pri[aria-busy=true]{opacity:.7;cursor:progress}" +
  "button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}" +
  ".x{position:absolute;z-index:1;top:4px;right:4px;width:44px;border:0;border-radius:50%;background:none;color:inherit;opacity:.7;display:grid;place-items:center}" +
  ".x:hover{background:#7f7f7f33;opacity:1}" +
  ".hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}" +
  ".cn{margin:12px 0 0;font-size:13px}.cn a{color:inherit}" +
  ".a-slide-in{animation:np-slide .4s ease-out}.a-fade-in{animation:np-fade .4s}.a-zoom-in{animation:np-zoom .35s ease-out}.a-bounce-in{animation:np-bounce .6s}" +
  "@keyframes np-fade{from{opacity:0}}" +
  "@keyframes np-slide{from{opacity:0;transform:translateY(40px)}}" +
  "@keyframes np-zoom{from{opacity:0;transform:scale(.85)}}" +
  "@keyframes np-bounce{0%{opacity:0;transform:scale(.3)}50%{opacity:1;transform:scale(1.05)}70%{transform:scale(.95)}}" +
  // Corner slide-in and bottom bar: no overlay, the page stays usable around them.
  ".p-corner,.p-bottom-bar{background:none;pointer-events:none;align-items:flex-end}" +
  ".p-corner .dlg,.p-bottom-bar .dlg{pointer-events:auto}" +
  ".p-corner{justify-content:flex-end;padding:16px}" +
  ".p-corner .dlg{max-width:min(var(--w),380px)}" +
  ".p-corner .bd{padding:28px 20px 20px}" +
  ".p-bottom-bar{padding:0}" +
  ".p-bottom-bar .dlg{max-width:none;border-radius:var(--r) var(--r) 0 0;box-shadow:0 -8px 32px #0003}" +
  ".p-bottom-bar .im{display:none}" +
  ".p-bottom-bar .bd{padding:16px 52px 4px 20px}" +
  ".p-bottom-bar form{display:flex;flex-wrap:wrap;align-items:flex-end;gap:0 12px;max-width:960px;margin:auto}" +
  ".p-bottom-bar .t,.p-bottom-bar .s,.p-bottom-bar .gen,.p-bottom-bar .cn{flex-basis:100%;margin:0 0 8px}" +
  ".p-bottom-bar .t{font-size:20px}" +
  ".p-bottom-bar .f{flex:1 1 200px}" +
  ".p-bottom-bar .pri{width:auto;flex:none;padding:12px 32px;margin:0 0 14px}" +
  "@container (max-width:480px){.dlg{max-width:none}.bd{padding:32px 18px 20px}.t{font-size:20px}.p-corner .dlg{max-width:none}}" +
  "@media (prefers-reduced-motion:reduce){.ov,.dlg{animation:none!important}}";

export function mountPopup(
  host: HTMLElement,
  config: PublicPopupConfig,
  options: PopupMountOptions,
): PopupHandle {
  const preview = !STOREFRONT && options.preview === true;
  const inline = !STOREFRONT && options.inline === true;
  /** Centred, the popup is a modal dialog; in a corner or a bar it leaves the page usable. */
  const modal = config.design.position === "center";
  /** The feature files' modules: those needed to show, then those loaded once the shopper acts. */
  let { wheel, steps, success, later } = options.features || {};
  const root = host.shadowRoot || host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${inline ? INLINE_CSS : ":host{all:initial!important}"}${CSS}</style><div class="ov${
    inline ? ' in"' : '" popover="manual"'
  }><canvas aria-hidden="true"></canvas><div class="dlg" role="dialog"${
    inline || !modal ? "" : ' aria-modal="true"'
  } aria-labelledby="np-t" tabindex="-1"><button type="button" class="x" data-a="close">${icon("M6 6l12 12M18 6L6 18", "none", "currentColor")}</button><img class="im" alt=""><div class="bd"></div></div></div>`;
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector);
  /** An element the popup's own markup always has (the shell above, the form's button and honeypot). */
  const pick = <T extends Element>(selector: string) => $<T>(selector) as T;
  const overlay = pick<HTMLElement>(".ov");
  const dialog = pick<HTMLElement>(".dlg");
  const body = pick<HTMLElement>(".bd");
  const canvas = pick<HTMLCanvasElement>("canvas");
  const image = pick<HTMLImageElement>(".im");

  let cfg = config;
  /** Where the popup starts: its opener when it has one (and the steps' feature file). */
  const first = (): View => (steps && cfg.steps.opener.enabled ? "opener" : "form");
  let view = first();
  let values: Partial<Record<FieldName, string>> = {};
  let errors: Record<string, string> = {};
  let general = "";
  let code = "";
  let conditions = "";
  let token = "";
  let notice = "";
  let drawn: DrawnSlice | undefined;
  let busy = false;
  let destroyed = false;
  let stopConfetti = () => {};
  /**
   * The files needed once the shopper acts (popup/features.ts), asked for as they start typing or answer the
   * opener yes: whether the success view is there.
   */
  const loadLater = async (): Promise<boolean> => {
    try {
      const more = await later?.();
      wheel ||= more?.wheel;
      steps ||= more?.steps;
      success ||= more?.success;
      later = undefined;
    } catch {
      // Not there: the submit says so, and the next one asks again.
    }
    return Boolean(success);
  };
  const returnFocus = inline ? null : document.activeElement;

  const shownFields = (): string[] =>
    view === "extra" && steps
      ? steps.extraFieldInputs(cfg)
      : ["email", ...optionalFieldNames.filter((name) => cfg.fields[name])];

  /** A built-in text in the popup's language (popup/texts.ts). */
  const say = (key: Parameters<typeof formText>[1]) => formText(cfg.texts, key);

  /** The merchant's inline HTML (sanitized by the server: app/lib/public-popup-config.ts), figures filled in. */
  const offerText = (html: string) => fillOffer(html, cfg.discountPercentage, cfg.offer);
  /** What the success view borrows (popup/success.ts). */
  const words = { texts: cfg.texts, fill: offerText };

  function formHtml(): string {
    const fields = (shownFields() as FieldName[])
      .map((name) => {
        const [autocomplete, type = "text"] = FIELDS[name];
        const label = escapeHtml(say(`${name}Label`));
        const required = name === "email" || name === "name" ? ' aria-required="true"' : "";
        return `<div class="f"><label for="np-${name}">${label}</label><input id="np-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}"${required} value="${escapeHtml(
          values[name],
        )}"><p class="err" id="np-${name}-e"></p></div>`;
      })
      .join("");
    return `<form novalidate><h2 class="t" id="np-t">${offerText(cfg.title)}</h2><p class="s">${offerText(cfg.subtitle)}</p>${cfg.wheel && wheel ? wheel.wheelHtml(cfg.wheel) : ""}${fields}<div class="hp" aria-hidden="true"><input name="website" tabindex="-1" autocomplete="off" aria-hidden="true"></div><p class="gen" role="alert"></p><button type="submit" class="pri">${escapeHtml(
      cfg.buttonText || "SUBMIT",
    )}</button><p class="cn">${escapeHtml(cfg.consentText)}${
      cfg.privacyPolicyUrl
        ? ` <a href="${escapeHtml(cfg.privacyPolicyUrl)}" target="_blank" rel="noopener">${escapeHtml(say("privacyPolicy"))}</a>`
        : ""
    }</p></form>`;
  }

  /** Layout and design as CSS custom properties on the dialog's shell, the position as its class. */
  function applyDesign(): void {
    const design = cfg.design;
    pick<HTMLElement>(".x").setAttribute("aria-label", say("close"));
    const properties = {
      bg: design.backgroundColor,
      fg: design.textColor,
      btn: design.buttonColor,
      btx: design.buttonTextColor,
      ov: rgba(design.overlayColor, design.overlayOpacity),
      r: `${Math.min(40, Math.max(0, Number(design.cornerRadius) || 0))}px`,
      // The theme's font is the page's, read where the popup is mounted.
      font:
        design.font === "theme"
          ? getComputedStyle(host.parentElement || document.body).fontFamily
          : SYSTEM_FONT,
    };
    for (const [name, value] of Object.entries(properties)) overlay.style.setProperty(`--${name}`, value);
    overlay.className = `ov p-${design.position}${inline ? " in" : ""}`;
    if (design.imageUrl) image.src = design.imageUrl;
    else image.removeAttribute("src");
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
      if (!shown.includes(field) && !line) line = translatedMessage(cfg.texts, message);
    }
    for (const name of shown) {
      const input = $<HTMLInputElement>(`#np-${name}`);
      const slot = $<HTMLElement>(`#np-${name}-e`);
      const message = translatedMessage(cfg.texts, errors[name] || "");
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
    body.innerHTML =
      view === "form"
        ? formHtml()
        : steps && view === "extra"
          ? steps.extraFieldsHtml(cfg)
          : steps && view === "opener"
            ? steps.openerHtml(cfg)
            : preview && view === "processing"
              ? processingHtml()
              : success
                ? success.successHtml(cfg, words, code, notice, drawn, wheel, conditions)
                : "";
    if (view === "form" || view === "extra") showErrors();
    // A centred popup starts on its first field (a form), the opener's yes, or its heading's dialog (what follows a submit).
    if ((hadFocus || (!inline && modal)) && root.activeElement === null)
      ($<HTMLElement>("form input:not([name=website]),[data-a=yes]") || dialog).focus({
        preventScroll: true,
      });
  }

  function go(next: View): void {
    stopConfetti();
    view = next;
    paint();
    if (next === "success" && success) stopConfetti = success.startConfetti(canvas, 3000);
  }

  async function submit(): Promise<void> {
    if (busy) return;
    busy = true;
    readValues();
    const website = pick<HTMLInputElement>("[name=website]").value;
    const payload = { email: "" } as PopupFormValues;
    for (const name of shownFields() as FieldName[]) payload[name] = (values[name] || "").trim();
    payload.website = website;
    // The form's checks come with the success view (popup/success.ts), usually there since the visitor typed.
    // No subscription without the view that shows its success.
    await loadLater();
    const after = success;
    if (destroyed) return;
    if (!after) {
      busy = false;
      showFailure({ ok: false });
      return;
    }
    errors = after.validateSubscriber(payload, cfg.fields, cfg.emailValidation);
    general = "";
    showErrors();
    const firstInvalid = $<HTMLInputElement>("[aria-invalid=true]");
    if (firstInvalid) {
      busy = false;
      firstInvalid.focus();
      return;
    }
    pick<HTMLButtonElement>(".pri").setAttribute("aria-busy", "true");
    if (preview) go("processing");
    let result: PopupSubmitResult;
    try {
      result = await options.onSubmit(payload);
    } catch {
      result = { ok: false };
    }
    busy = false;
    if (destroyed) return;
    if (result.ok) {
      drawn = result.wheel;
      // The wheel turns to the slice the server drew before the prize shows.
      if (drawn && cfg.wheel && wheel) await wheel.spinWheel(root, drawn.slice, cfg.wheel.slices.length);
      if (destroyed) return;
      code = result.discountCode || "";
      conditions = result.conditions || "";
      // With a code the heading says it all; without one the message tells where the code went.
      notice = code ? "" : result.message || "";
      token = result.extraFieldsToken || "";
      const extraFieldsToken = preview ? "preview" : token;
      go(steps?.nextStep(cfg.steps, "email", { extraFieldsToken }) === "extraFields" ? "extra" : "success");
      return;
    }
    showFailure(result);
  }

  /** A refused submission's messages on its form (back from the preview's processing view). */
  function showFailure(result: PopupSubmitResult & { ok: false }): void {
    const button = pick<HTMLButtonElement>(".pri");
    errors = result.errors || {};
    general = Object.keys(errors).length ? "" : result.message || say("genericError");
    if (view !== "processing") {
      button.removeAttribute("aria-busy");
      showErrors();
    } else {
      go("form");
    }
    ($<HTMLInputElement>("[aria-invalid=true]") || pick<HTMLButtonElement>(".pri")).focus();
  }

  /**
   * The extra-fields step: sent with the subscription's token, then the success view. The server checks the
   * fields (popup/steps.ts) and its messages show here: their words need not ship in this file.
   */
  async function submitExtraFields(): Promise<void> {
    if (busy || !steps) return;
    const extra = steps.readExtraFields(root, token);
    busy = true;
    pick<HTMLButtonElement>(".pri").setAttribute("aria-busy", "true");
    let result: PopupSubmitResult = { ok: true };
    try {
      if (!preview && options.onExtraFields) result = await options.onExtraFields(extra);
    } catch {
      result = { ok: false };
    }
    busy = false;
    if (destroyed) return;
    if (result.ok) go("success");
    else showFailure(result);
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
    if (event.key !== "Tab" || !modal) return;
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
    else if (action === "copy") success?.copyCode(root, code, words);
    else if (action === "yes" || action === "no") {
      if (options.onOpener) options.onOpener(action === "yes");
      // A wheel behind the opener comes with the yes (popup/features.ts): the form shows once it is there.
      if (action === "yes") void loadLater().then(() => destroyed || go("form"));
      else close();
    } else if (action === "skip") go("success");
    else if (action === "continue") {
      if (preview) {
        values = {};
        errors = {};
        general = "";
        go(first());
      } else close();
    }
  });
  root.addEventListener("submit", (event) => {
    event.preventDefault();
    void (view === "extra" ? submitExtraFields() : submit());
  });
  root.addEventListener("input", (event) => {
    void loadLater();
    const name = (event.target as HTMLInputElement).name;
    if (name && (errors[name] || general)) {
      delete errors[name];
      general = "";
      showErrors();
    }
  });

  // Escape closes a modal wherever focus is, a corner or a bar only from within.
  const keyTarget: Document | ShadowRoot = modal ? document : root;
  let unlock = () => {};
  if (!inline) keyTarget.addEventListener("keydown", onKeydown as EventListener, true);
  if (!inline && modal) {
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

  applyDesign();
  playAnimation();
  // Where popovers are not supported the overlay stays a fixed layer at the highest z-index.
  if (!inline && "showPopover" in overlay) overlay.showPopover();
  paint();

  const handle: PopupHandle = {
    // Only the builder's preview changes a mounted popup: the storefront's file leaves this out.
    update(next) {
      if (STOREFRONT || destroyed) return;
      if (view === "form") readValues();
      const animationChanged = next.animation !== cfg.animation;
      // The builder's preview follows its opener being turned on or off.
      const openerChanged = next.steps.opener.enabled !== cfg.steps.opener.enabled;
      cfg = next;
      if (openerChanged && (view === "form" || view === "opener")) view = first();
      applyDesign();
      if (animationChanged) playAnimation();
      paint();
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      stopConfetti();
      keyTarget.removeEventListener("keydown", onKeydown as EventListener, true);
      unlock();
      root.innerHTML = "";
      if (returnFocus instanceof HTMLElement && returnFocus.isConnected)
        returnFocus.focus({ preventScroll: true });
    },
  };
  return handle;
}
