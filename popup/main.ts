/**
 * The storefront script, served as /js/newsletter-popup.js:
 *   <script async src="https://APP/js/newsletter-popup.js" data-store-id="…" data-popup-config="auto"
 *           data-integration-type="shopify|website" [data-script-version="…"]></script>
 * The Shopify theme app embed's tag also has data-source="app-embed", passed on as `e=1`: the app shows the
 * embed as turned on, and data-locale, the storefront's language (popup/languages.ts). The demo page's
 * preview of unpublished changes adds data-preview, its token, to the popups call and the subscription.
 * Nothing happens before the window 'load' event. This file decides WHETHER a popup shows: it loads the
 * store's active popups, picks the first whose targeting matches this page view (popup/targeting.ts) and
 * the visitor's variant, arms the trigger, and keeps the teaser tab. The popup itself (a position:fixed
 * overlay, no layout shift) with its form's checks and request comes from newsletter-popup-view.js, loaded
 * as soon as a popup is chosen, with the success view that follows an accepted subscription; it loads the
 * feature files that popup uses (popup/features.ts: the prize wheel). Any failure (unknown store, no active
 * popup, network) leaves the page alone.
 */
import type { PublicPopup, PublicPopupConfig, PublicPopups } from "./config";
import { consentGate, type ShopifyConsentApi } from "./consent";
import type { LaterFile, LoadLater } from "./features";
import { cartAllows, planDisplay, scrolledHalfway, storageKeys, TOUCH_EXIT_FALLBACK_MS } from "./gates";
import { chooseLanguage, inLanguage } from "./languages";
import type { PopupFormValues, PopupHandle, PopupSubmitResult } from "./render";
import { type SafeStorage, storage } from "./storage";
import { choosePopup, chooseVariant, MOBILE_QUERY, type Visit, visitSource, withVariant } from "./targeting";
import { showTeaser } from "./teaser";

declare global {
  interface Window {
    NewsletterPopup?: { open(): void };
    /** Set by the files loaded later (their IIFEs' global names, popup/vite.config.ts). */
    NewsletterPopupView?: typeof import("./view-file");
    Shopify?: ShopifyConsentApi & { routes?: { root?: string } };
  }
}

/** The view file's name with its content hash (`?v=`) and its global, from the build (popup/vite.config.ts). */
declare const __LATER_FILES__: { view: LaterFile };

const SCRIPT_PATH = "/js/newsletter-popup.js";

/**
 * What the popup did, for the shop's own analytics and tests: a `newsletterpopup` event on window. "ready"
 * comes once, when this page view's decision is made (the popup chosen, or none, and what it waits for).
 */
export type PopupEvent =
  | { type: "ready"; popupId: string | null; trigger: string | null }
  | { type: "open" | "close" | "subscribe"; popupId: string };

function announce(detail: PopupEvent): void {
  dispatchEvent(new CustomEvent("newsletterpopup", { detail }));
}

function findScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.dataset.storeId) return current;
  for (const script of document.querySelectorAll<HTMLScriptElement>("script[data-store-id]")) {
    if (script.src && new URL(script.src, location.href).pathname.endsWith(SCRIPT_PATH)) return script;
  }
  return null;
}

const local = storage("localStorage");
const session = storage("sessionStorage");

/** Stores a visitor marker now, or once the visitor allows analytics (popup/consent.ts). */
type Mark = (area: SafeStorage, key: string, value: string) => void;

/**
 * This page view for targeting. New vs returning and the source are decided once per session, as it
 * starts: a first-visit marker in localStorage, the landing page's utm_source or referrer host.
 */
function currentVisit(keys: ReturnType<typeof storageKeys>, mark: Mark): Visit {
  let visitor = session.get(keys.visitor);
  if (!visitor) {
    visitor = local.get(keys.firstVisit) ? "returning" : "new";
    mark(session, keys.visitor, visitor);
    if (visitor === "new") mark(local, keys.firstVisit, String(Date.now()));
  }
  let source = session.get(keys.source);
  if (source === null) {
    source = visitSource(location.search, document.referrer, location.hostname);
    mark(session, keys.source, source);
  }
  return {
    path: location.pathname,
    mobile: matchMedia(MOBILE_QUERY).matches || matchMedia("(pointer: coarse)").matches,
    returning: visitor === "returning",
    source,
    now: Date.now(),
  };
}

type View = typeof import("./view-file");
/**
 * Each later file from beside this script (the app's /js/ or the theme extension's assets/), as a classic
 * script (no CORS needed) with this script's nonce; once, and again after a failed load. Resolves with the
 * global the file sets.
 */
const loading: Record<string, Promise<unknown> | undefined> = {};
function loadLater<T>([file, global]: LaterFile, script: HTMLScriptElement): Promise<T> {
  loading[file] ||= new Promise((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = new URL(file, script.src).href;
    tag.nonce = script.nonce; // a page whose CSP allows this script by its nonce allows this one too
    tag.onload = () => resolve((window as unknown as Record<string, unknown>)[global]);
    tag.onerror = () => {
      loading[file] = undefined;
      reject();
    };
    document.head.append(tag);
  });
  return loading[file] as Promise<T>;
}

function boot(script: HTMLScriptElement, storeId: string): void {
  const data = script.dataset;
  const origin = data.apiOrigin || new URL(script.src, location.href).origin;
  // The app embed calls the shop's App Proxy (/apps/newsletter-popup) on the storefront's own domain.
  const api = data.api || `${origin}/api/public/stores/${encodeURIComponent(storeId)}`;
  const keys = storageKeys(storeId);
  const shopify = data.integrationType === "shopify";
  /** The popup this page view shows, as its variant has it; and what the counts name. */
  let config: PublicPopupConfig | null = null;
  let shown = { popupId: "", variantId: "" };
  /** The language it shows in (popup/languages.ts): the subscription carries it. */
  let language = "";
  /** The impression's answer when the A/B test counted this visitor's view: the subscription carries it. */
  let viewToken: string | undefined;
  let popups: PublicPopup[] = [];
  let popup: PopupHandle | null = null;
  let removeTeaser = () => {};
  let openRequested = false;
  let counted = false;
  let subscribedHere = false;
  const load: LoadLater = (file) => loadLater(file, script);
  const view = () => load<View>(__LATER_FILES__.view).catch(() => undefined);
  // On a Shopify storefront, what is stored waits for the visitor's consent (popup/consent.ts): targeting and
  // A/B markers and the impression for analytics, the subscribed and dismissed markers for preferences.
  const track = consentGate(window.Shopify, "analyticsProcessingAllowed");
  const remember = consentGate(window.Shopify, "preferencesProcessingAllowed");
  const mark: Mark = (area, key, value) => track(() => area.set(key, value));
  /**
   * This visit's id: the A/B test counts a visitor once, and the subscription stores it. Kept for the session
   * (sessionStorage) with analytics consent, else for this page view.
   */
  let visitId = session.get("np:sid");
  const sessionId = () => {
    if (!visitId) {
      // 96 random bits as three decimal numbers: short to ship, and the server only stores it (≤ 64 chars).
      visitId = crypto.getRandomValues(new Uint32Array(3)).join("-");
      mark(session, "np:sid", visitId);
    }
    return visitId;
  };
  const keep = (key: string) => {
    const at = String(Date.now());
    remember(() => local.set(key, at));
  };

  async function subscribe(values: PopupFormValues): Promise<PopupSubmitResult> {
    const loaded = await view();
    if (loaded && shopify) loaded.prove(api);
    const result = loaded
      ? await loaded.sendSubscription(api, values, {
          ...shown,
          sessionId: sessionId(),
          viewToken,
          language,
          preview: data.preview,
        })
      : { ok: false as const };
    if (result.ok) {
      keep(keys.subscribed);
      subscribedHere = true;
      announce({ type: "subscribe", popupId: shown.popupId });
    }
    return result;
  }

  async function cartTotalCents(): Promise<number | null> {
    try {
      // fetch's default credentials ("same-origin") send the shop's cart cookie.
      const response = await fetch(`${window.Shopify?.routes?.root || "/"}cart.js`, {
        headers: { Accept: "application/json" },
      });
      const cart = (await response.json()) as { total_price?: unknown };
      return response.ok && typeof cart.total_price === "number" ? cart.total_price : null;
    } catch {
      return null;
    }
  }

  /**
   * Counts the view (a text/plain body: no preflight) and keeps the view token of its answer (200). A popup
   * with an opener counts it once the opener is answered, the popup closes or the page goes, saying whether
   * the visitor went on: one request per page view (docs/decisions/186).
   */
  function countImpression(openerYes?: boolean): void {
    if (counted) return;
    counted = true;
    const viewed = shown;
    track(() => {
      fetch(`${api}/impressions`, {
        method: "POST",
        body: JSON.stringify({ ...viewed, sessionId: sessionId(), opener: openerYes ? "yes" : undefined }),
        keepalive: true,
      })
        .then((response) => response.json())
        .then((answer: { viewToken?: string }) => {
          viewToken = answer.viewToken;
        })
        .catch(() => {});
    });
  }

  function teaser(current: PublicPopupConfig): void {
    removeTeaser = showTeaser(current.design, () => void show(true));
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
    const loaded = await view();
    const features = loaded && (await loaded.loadFeatures(current, load));
    if (!loaded || !features || popup) return;
    removeTeaser();
    const host = document.createElement("newsletter-popup");
    // The bot check starts as the visitor types (or at the submit), off the main thread: only Shopify stores
    // read it (docs/decisions/141).
    if (shopify) host.addEventListener("input", () => loaded.prove(api), { once: true });
    document.body.append(host);
    popup = loaded.mountPopup(host, current, {
      features,
      onSubmit: subscribe,
      onExtraFields: (values) => loaded.sendExtraFields(api, { ...values, language }),
      onOpener: countImpression,
      onClose() {
        countImpression();
        keep(keys.dismissed);
        popup = null;
        host.remove();
        announce({ type: "close", popupId: current.id });
        if (current.design.teaser.enabled && !subscribedHere) teaser(current);
      },
    });
    if (current.steps.opener.enabled) addEventListener("pagehide", () => countImpression(), { once: true });
    else countImpression();
    announce({ type: "open", popupId: current.id });
  }

  /**
   * The popup at its variant for this visitor (kept in storage), in the page's language (the app embed passes
   * the storefront's locale), its image a URL on the app.
   */
  function prepare(chosen: PublicPopup): PublicPopupConfig {
    const variantKey = keys.variant(chosen.id);
    const variant = chooseVariant(chosen.variants, local.get(variantKey), Math.random());
    if (variant) mark(local, variantKey, variant.id);
    shown = { popupId: chosen.id, variantId: variant?.id ?? "" };
    language = chooseLanguage(
      (chosen.languages || []).map(({ code }) => code),
      { shopify: data.locale, page: document.documentElement.lang, browser: navigator.languages || [] },
    );
    const shownConfig = inLanguage(withVariant(chosen, variant), language);
    const { imageUrl } = shownConfig.design;
    return {
      ...shownConfig,
      design: { ...shownConfig.design, imageUrl: imageUrl && new URL(imageUrl, origin).href },
    };
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

  /** Loads the store's popups, chooses this page view's and arms its trigger; answers what it waits for. */
  async function decide(): Promise<{ popupId: string | null; trigger: string | null }> {
    const none = { popupId: null, trigger: null };
    try {
      const version = data.scriptVersion ? `&v=${encodeURIComponent(data.scriptVersion)}` : "";
      const embed = +(data.source === "app-embed");
      // The demo page's preview of unpublished changes (app/http/demo-page.server.ts) names its token.
      const preview = data.preview ? `&preview=${data.preview}` : "";
      const response = await fetch(`${api}/popups?e=${embed}${version}${preview}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return none;
      popups = ((await response.json()) as PublicPopups).popups;
    } catch {
      return none;
    }
    const subscribed = Boolean(local.get(keys.subscribed));
    const chosen = choosePopup(popups, currentVisit(keys, mark), subscribed);
    // open() shows the popup this page view would, else the first.
    const opened = chosen || (openRequested && popups[0]);
    if (!opened) return none;
    config = prepare(opened);
    if (openRequested) {
      void show(true);
      return { popupId: opened.id, trigger: "open" };
    }
    if (!chosen) return none;
    const plan = planDisplay(config, subscribed, local.get(keys.dismissed), Date.now());
    // Ready before the trigger fires: the view, and the feature files this popup uses.
    const chosenConfig = config;
    if (plan.trigger || plan.exitIntent) {
      void view().then((loaded) => loaded?.loadFeatures(chosenConfig, load));
    }
    if (plan.teaser) teaser(config);
    if (plan.trigger) arm(plan.trigger);
    if (plan.exitIntent && plan.trigger !== "exit-intent") onExitIntent(() => void show(false));
    return { popupId: chosen.id, trigger: plan.trigger ?? (plan.exitIntent ? "exit-intent" : null) };
  }

  async function start(): Promise<void> {
    announce({ type: "ready", ...(await decide()) });
  }

  window.NewsletterPopup = {
    open() {
      if (!config && popups[0]) config = prepare(popups[0]);
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
