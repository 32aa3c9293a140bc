/**
 * The storefront script, served as /js/newsletter-popup.js:
 *   <script async src="https://APP/js/newsletter-popup.js" data-store-id="…" data-popup-config="auto"
 *           data-integration-type="shopify|website" [data-script-version="…"]></script>
 * Nothing happens before the window 'load' event; the popup is a position:fixed overlay (no layout shift).
 * Any failure (unknown store, inactive popup, network) leaves the page alone. Two files beside this one
 * hold what the first paint does not need: newsletter-popup-form.js (the form's checks and its request),
 * loaded as the visitor starts on the form, and newsletter-popup-success.js, loaded only after an accepted
 * subscription.
 */
import type { PublicPopupConfig } from "./config";
import { cartAllows, planDisplay, scrolledHalfway, storageKeys, TOUCH_EXIT_FALLBACK_MS } from "./gates";
import {
  mountPopup,
  type PopupFormValues,
  type PopupHandle,
  type PopupSubmitResult,
  type SuccessView,
} from "./render";
import { storage } from "./storage";

declare global {
  interface Window {
    NewsletterPopup?: { open(): void };
    /** Set by the files loaded later (their IIFEs' global names, popup/vite.config.ts). */
    NewsletterPopupSuccess?: SuccessView;
    NewsletterPopupForm?: typeof import("./form-file");
    Shopify?: { routes?: { root?: string } };
  }
}

/** The later files' names with their content hashes (`?v=`), from the build (popup/vite.config.ts). */
declare const __LATER_FILES__: { form: string; success: string };

const SCRIPT_PATH = "/js/newsletter-popup.js";

function findScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.storeId) return current;
  for (const script of document.querySelectorAll<HTMLScriptElement>("script[data-store-id]")) {
    if (script.src && new URL(script.src, location.href).pathname.endsWith(SCRIPT_PATH)) return script;
  }
  return null;
}

const local = storage("localStorage");

/**
 * A file from beside this script (the app's /js/ or the theme extension's assets/), as a classic script (no
 * CORS needed) with this script's nonce; then what it exported. Once; a failed load may be tried again.
 */
const loading: Record<string, Promise<unknown>> = {};
function loadBeside<T>(script: HTMLScriptElement, file: string, exported: () => T): Promise<T> {
  loading[file] ||= new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = new URL(file, script.src).href;
    tag.nonce = script.nonce; // a page whose CSP allows this script by its nonce allows these too
    tag.onload = () => resolve(exported());
    tag.onerror = () => {
      delete loading[file];
      reject();
    };
    document.head.append(tag);
  });
  return loading[file] as Promise<T>;
}

function boot(script: HTMLScriptElement, storeId: string): void {
  const data = script.dataset;
  const api = `${data.apiOrigin || new URL(script.src, location.href).origin}/api/public/stores/${encodeURIComponent(storeId)}`;
  const keys = storageKeys(storeId);
  const shopify = data.integrationType === "shopify";
  let config: PublicPopupConfig | null = null;
  let popup: PopupHandle | null = null;
  let openRequested = false;
  let counted = false;
  let subscribedHere = false;
  const loadForm = () => loadBeside(script, __LATER_FILES__.form, () => window.NewsletterPopupForm);

  async function subscribe(values: PopupFormValues): Promise<PopupSubmitResult> {
    const form = await loadForm().catch(() => undefined);
    const result = form ? await form.sendSubscription(api, values) : { ok: false as const };
    if (result.ok) {
      local.set(keys.subscribed, String(Date.now()));
      subscribedHere = true;
    }
    return result;
  }

  async function cartTotalCents(): Promise<number | null> {
    try {
      const response = await fetch(`${window.Shopify?.routes?.root || "/"}cart.js`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      const cart = (await response.json()) as { total_price?: unknown };
      return response.ok && typeof cart.total_price === "number" ? cart.total_price : null;
    } catch {
      return null;
    }
  }

  function countImpression(): void {
    if (counted) return;
    counted = true;
    const url = `${api}/impressions`;
    if (!navigator.sendBeacon?.(url, new Blob(["{}"], { type: "text/plain" }))) {
      fetch(url, { method: "POST", body: "{}", keepalive: true }).catch(() => {});
    }
  }

  async function show(force: boolean): Promise<void> {
    const current = config;
    if (!current || popup || (subscribedHere && !force)) return;
    if (
      !force &&
      shopify &&
      current.cartValidation.enabled &&
      !cartAllows(current.cartValidation, await cartTotalCents())
    ) {
      return;
    }
    if (popup) return;
    const host = document.createElement("newsletter-popup");
    document.body.append(host);
    popup = mountPopup(host, current, {
      onSubmit: subscribe,
      loadValidation: loadForm,
      loadSuccessView: () => loadBeside(script, __LATER_FILES__.success, () => window.NewsletterPopupSuccess),
      onClose() {
        local.set(keys.dismissed, String(Date.now()));
        popup = null;
        host.remove();
      },
    });
    countImpression();
  }

  /** Mouse leaving through the top of the viewport; on touch devices a fast scroll up or 30 s. Once. */
  function onExitIntent(fire: () => void): void {
    let y0 = scrollY;
    let t0 = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const trigger = () => {
      if (popup) return; // already open: keep waiting for a later exit
      document.removeEventListener("mouseout", onMouseOut);
      removeEventListener("scroll", onScroll);
      clearTimeout(timer);
      fire();
    };
    const onMouseOut = (event: MouseEvent) => {
      if (!event.relatedTarget && event.clientY < 10) trigger();
    };
    const onScroll = () => {
      const now = Date.now();
      if (now - t0 > 250) {
        y0 = scrollY;
        t0 = now;
      } else if (y0 - scrollY > 120) trigger();
    };
    document.addEventListener("mouseout", onMouseOut);
    if (matchMedia("(pointer: coarse)").matches || "ontouchstart" in window) {
      addEventListener("scroll", onScroll, { passive: true });
      timer = setTimeout(trigger, TOUCH_EXIT_FALLBACK_MS);
    }
  }

  function arm(trigger: PublicPopupConfig["displayTrigger"]): void {
    const fire = () => void show(false);
    if (trigger === "after-5s") setTimeout(fire, 5000);
    else if (trigger === "scroll-50") {
      const check = () => {
        if (!scrolledHalfway(scrollY, document.documentElement.scrollHeight, innerHeight)) return;
        removeEventListener("scroll", check);
        fire();
      };
      addEventListener("scroll", check, { passive: true });
      check();
    } else if (trigger === "exit-intent") onExitIntent(fire);
    else fire();
  }

  async function start(): Promise<void> {
    try {
      const version = data.scriptVersion ? `?v=${encodeURIComponent(data.scriptVersion)}` : "";
      const response = await fetch(`${api}/popup${version}`, { headers: { Accept: "application/json" } });
      if (!response.ok) return;
      config = (await response.json()) as PublicPopupConfig;
    } catch {
      return;
    }
    if (openRequested) return void show(true);
    const plan = planDisplay(
      config,
      Boolean(local.get(keys.subscribed)),
      local.get(keys.dismissed),
      Date.now(),
    );
    if (plan.trigger) arm(plan.trigger);
    if (plan.exitIntent && plan.trigger !== "exit-intent") onExitIntent(() => void show(false));
  }

  window.NewsletterPopup = {
    open() {
      if (config) void show(true);
      else openRequested = true;
    },
  };
  if (document.readyState === "complete") void start();
  else addEventListener("load", () => void start(), { once: true });
}

const script = findScript();
const storeId = script?.dataset.storeId;
if (script && storeId && !window.NewsletterPopup) boot(script, storeId);
