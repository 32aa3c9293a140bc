/**
 * The main screens in Chromium (DESIGN.md "Budgets": LCP ≤ 1.0 s on loopback, CLS ≤ 0.05, each route's
 * JavaScript lazy-loaded): LCP and CLS from the browser's own PerformanceObserver entries, and the
 * JavaScript each screen loads on a cold visit (every script response, raw, gzip and as transferred).
 */
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { ADMIN } from "./lib/app";
import { progress, withTimeout } from "./lib/log";
import { fixed, integer, type Row } from "./lib/report";

const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";
const LCP_BUDGET_MS = 1_000;
const CLS_BUDGET = 0.05;
/** Cold visits per screen (a new browser context each: empty cache, the session cookie only). */
const VISITS = Number(process.env.BENCH_SCREEN_VISITS ?? 3);
/** After the load event and an idle network: late shifts (streamed data, fonts) still count. */
const SETTLE_MS = 1_500;
const VISIT_TIMEOUT_MS = 30_000;

type Screen = { name: string; path: (storeId: string) => string };

const SCREENS: Screen[] = [
  { name: "Dashboard", path: (storeId) => `/store/${storeId}/dashboard` },
  { name: "Store management", path: () => "/stores" },
  { name: "Popup builder", path: (storeId) => `/store/${storeId}/popup-builder` },
  { name: "Subscribers", path: (storeId) => `/store/${storeId}/subscribers` },
  { name: "Settings", path: (storeId) => `/store/${storeId}/settings` },
  { name: "Email templates", path: (storeId) => `/store/${storeId}/email-templates` },
];

/**
 * Runs in the page before its own scripts: records the last LCP candidate and CLS as web-vitals
 * defines it (the largest session window of shifts without recent input, gaps < 1 s, windows ≤ 5 s).
 */
function observeVitals() {
  const vitals = { lcp: 0, cls: 0 };
  let window = { value: 0, first: 0, last: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (entry.hadRecentInput) continue;
      const continues = entry.startTime - window.last < 1_000 && entry.startTime - window.first < 5_000;
      window = continues
        ? { value: window.value + entry.value, first: window.first, last: entry.startTime }
        : { value: entry.value, first: entry.startTime, last: entry.startTime };
      vitals.cls = Math.max(vitals.cls, window.value);
    }
  }).observe({ type: "layout-shift", buffered: true });
  Object.assign(globalThis, { __benchVitals: vitals });
}

type Visit = { lcpMs: number; cls: number; scripts: number; raw: number; gzip: number; transferred: number };

async function signedInState(browser: Browser, origin: string) {
  const context = await browser.newContext();
  try {
    const response = await context.request.post(`${origin}/api/auth/login`, {
      headers: { origin },
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    if (!response.ok()) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(observeVitals);
  const scripts: Promise<{ raw: number; gzip: number; transferred: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return { raw: body.length, gzip: gzipSync(body).length, transferred: sizes.responseBodySize };
      })(),
    );
  });
  const response = await page.goto(url, { waitUntil: "load", timeout: VISIT_TIMEOUT_MS });
  if (!response?.ok()) throw new Error(`${url}: ${response?.status()}`);
  if (new URL(page.url()).pathname !== new URL(url).pathname)
    throw new Error(`${url} redirected to ${page.url()} (not signed in?)`);
  await page.waitForLoadState("networkidle", { timeout: VISIT_TIMEOUT_MS });
  await page.waitForTimeout(SETTLE_MS);
  const vitals = await page.evaluate(
    () => (globalThis as unknown as { __benchVitals: { lcp: number; cls: number } }).__benchVitals,
  );
  const sizes = await Promise.all(scripts);
  await page.close();
  return {
    lcpMs: vitals.lcp,
    cls: vitals.cls,
    scripts: sizes.length,
    raw: sizes.reduce((sum, size) => sum + size.raw, 0),
    gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
    transferred: sizes.reduce((sum, size) => sum + size.transferred, 0),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

function screenRow(screen: Screen, visits: Visit[]): Row {
  const lcp = median(visits.map((visit) => visit.lcpMs));
  const worstLcp = Math.max(...visits.map((visit) => visit.lcpMs));
  const cls = Math.max(...visits.map((visit) => visit.cls));
  const last = visits.at(-1);
  const kib = (bytes: number) => `${fixed(bytes / 1024)} KiB`;
  const javascript = last
    ? `JS ${last.scripts} files: ${kib(last.gzip)} gzip, ${kib(last.transferred)} transferred, ${kib(last.raw)} raw`
    : "no visit";
  return {
    measure: `Screen: ${screen.name}`,
    result: `LCP median ${integer(lcp)} ms (worst ${integer(worstLcp)} ms, n=${visits.length}), CLS ${fixed(cls, 3)}; ${javascript}`,
    budget: `LCP ≤ ${fixed(LCP_BUDGET_MS / 1000)} s, CLS ≤ ${CLS_BUDGET}`,
    pass: visits.length > 0 && lcp <= LCP_BUDGET_MS && cls <= CLS_BUDGET,
  };
}

/** Visits every main screen of `storeId`, signed in as the bench admin, each VISITS times from cold. */
export async function measureScreens(origin: string, storeId: string): Promise<Row[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const storageState = await signedInState(browser, origin);
    const rows: Row[] = [];
    for (const screen of SCREENS) {
      progress(`measuring screen ${screen.name}`);
      const visits: Visit[] = [];
      for (let index = 0; index < VISITS; index += 1) {
        const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
        try {
          visits.push(
            await withTimeout(
              screen.name,
              VISIT_TIMEOUT_MS * 2,
              visit(context, origin + screen.path(storeId)),
            ),
          );
        } finally {
          await context.close();
        }
      }
      rows.push(screenRow(screen, visits));
    }
    return rows;
  } finally {
    await browser.close();
  }
}
