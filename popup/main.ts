/**
 * The storefront script, served as /js/newsletter-popup.js:
 *   <script async src="https://APP/js/newsletter-popup.js" data-store-id="…" data-popup-config="auto"
 *           data-integration-type="shopify|website" [data-script-version="…"]></script>
 * Nothing happens before the window 'load' event; the popup is a position:fixed overlay (no layout shift).
 * Any failure (unknown store, inactive popup, network) leaves the page alone.
 */
import type { PublicPopupConfig, SubscribeResponse } from "./config";
import { cartAllows, planDisplay, scrolledHalfway, storageKeys, TOUCH_EXIT_FALLBACK_MS } from "./gates";
import {
  GENERIC_ERROR,
  mountPopup,
  type PopupFormValues,
  type PopupHandle,
  type PopupSubmitResult,
} from "./render";

declare global {
  interface Window {
    NewsletterPopup?: { open(): void };
    Shopify?: { routes?: { root?: string } };
  }
}

const SCRIPT_PATH = "/js/newsletter-popup.js";

function findScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.storeId) return current;
  for (const script of document.querySelectorAll<HTMLScriptElement>("script[data-store-id]")) {
    if (script.src && new URL(script.src, location.href).pathname.endsWith(SCRIPT_PATH)) return script;
  }
  return null;
}

const storage = (area: "localStorage" | "sessionStorage") => ({
  get(key: string): string | null {
    try {
      return window[area].getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window[area].setItem(key, value);
    } catch {
      // Storage blocked (private mode, sandbox): caps then last one page view.
    }
  },
});
const local = storage("localStorage");
const session = storage("sessionStorage");

function sessionId(): string {
  let id = session.get("np:sid");
  if (!id) {
    id = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(
      "",
    );
    session.set("np:sid", id);
  }
  return id;
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

  async function subscribe(values: PopupFormValues): Promise<PopupSubmitResult> {
    try {
      const response = await fetch(`${api}/subscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...values, pageUrl: location.href, sessionId: sessionId() }),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<SubscribeResponse> & {
        errors?: Record<string, string>;
      };
      if (response.ok && typeof body.message === "string") {
        local.set(keys.subscribed, String(Date.now()));
        subscribedHere = true;
        // No code in the answer (confirm first, or it went to the inbox): the message says so.
        return { ...body, ok: true };
      }
      if (response.status === 422) return { ok: false, errors: body.errors, message: body.message };
    } catch {
      // Network failure: the generic message below.
    }
    return { ok: false, message: GENERIC_ERROR };
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
