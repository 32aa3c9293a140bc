import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { installScript } from "~/lib/install-script";
import { progress, withTimeout } from "./lib/log";
import { integer, type Row } from "./lib/report";
import { serveStorefront } from "./storefront-page";

const CHROMIUM = process.env.BENCH_CHROMIUM ?? "/usr/bin/chromium";
/** Interleaved pairs (without, with): the median of each side. */
const RUNS = Math.max(3, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const ADDED_TBT_BUDGET_MS = 100;
/** BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's JSON report there (to see what blocked the main thread). */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
let reportNumber = 0;
const SCORE_BUDGET_POINTS = 3;

type Request = { url: string; transferSize?: number; resourceType?: string };
type Run = { score: number; tbtMs: number; requests: Request[] };

/** One Lighthouse run, its default mobile profile (Moto G Power, simulated slow 4G and 4× CPU slowdown). */
async function audit(url: string, port: number): Promise<Run> {
  const result = await withTimeout(
    `Lighthouse ${url}`,
    120_000,
    lighthouse(url, { port, onlyCategories: ["performance"], output: "json", logLevel: "error" }),
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORTS_DIR) {
    reportNumber += 1;
    const name = `${reportNumber}-${new URL(url).pathname.slice(1)}.json`;
    fs.mkdirSync(REPORTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORTS_DIR, name), JSON.stringify(lhr));
  }
  const details = lhr.audits["network-requests"]?.details as { items?: Request[] } | undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    requests: details?.items ?? [],
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** What a request of the popup is, by its path. */
function requestName(url: string): string {
  const { pathname } = new URL(url);
  if (pathname === "/js/newsletter-popup.js") return "script";
  if (pathname === "/js/newsletter-popup-view.js") return "view file";
  if (pathname === "/js/newsletter-popup-wheel.js") return "wheel file";
  return pathname.slice(pathname.lastIndexOf("/") + 1);
}

/**
 * The popup's bytes on the wire in one run (transfer sizes, headers included): what every page view loads
 * (the script and the config), then what follows once the popup shows.
 */
function popupBytes(run: Run, appOrigin: string): string {
  const fromApp = run.requests.filter((request) => request.url.startsWith(appOrigin));
  const everyView = (request: Request) => ["script", "popups"].includes(requestName(request.url));
  const list = (requests: Request[]) =>
    requests
      .map((request) => `${requestName(request.url)} ${integer(request.transferSize ?? 0)} B`)
      .join(" + ");
  const sum = (requests: Request[]) =>
    requests.reduce((total, request) => total + (request.transferSize ?? 0), 0);
  const before = fromApp.filter(everyView);
  const after = fromApp.filter((request) => !everyView(request));
  return (
    `every page view: ${list(before)} = ${integer(sum(before))} B; once the popup shows: + ${list(after)} = ` +
    `${integer(sum(fromApp))} B in all`
  );
}

export type LighthouseMeasurement = { plain: Run[]; withPopup: Run[]; appOrigin: string };

/**
 * A storefront-like page (storefront-page.ts) without and with the install tag of the bench's store (a
 * Shopify-type tag: the popup shows at once and starts its bot check), Lighthouse's performance category,
 * RUNS interleaved pairs in one Chromium; storage is reset before each run, so each is a first visit.
 */
export async function measureLighthouse(appOrigin: string, storeId: string): Promise<LighthouseMeasurement> {
  const tag = installScript(appOrigin, storeId, "shopify");
  const page = await serveStorefront(tag);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    const plain: Run[] = [];
    const withPopup: Run[] = [];
    for (let run = 1; run <= RUNS; run++) {
      plain.push(await audit(`${page.origin}/plain`, chrome.port));
      withPopup.push(await audit(`${page.origin}/with-popup`, chrome.port));
      const [a, b] = [plain.at(-1), withPopup.at(-1)];
      progress(
        `Lighthouse pair ${run}/${RUNS}: without ${a?.score} (TBT ${a?.tbtMs} ms), with ${b?.score} (TBT ${b?.tbtMs} ms)`,
      );
    }
    return { plain, withPopup, appOrigin };
  } finally {
    chrome.kill();
    await page.stop();
  }
}

export function lighthouseRows({ plain, withPopup, appOrigin }: LighthouseMeasurement): Row[] {
  const side = (runs: Run[]) => ({
    score: median(runs.map((run) => run.score)),
    tbt: median(runs.map((run) => run.tbtMs)),
  });
  const without = side(plain);
  const withIt = side(withPopup);
  const describe = (runs: Run[], figures: { score: number; tbt: number }) =>
    `score ${figures.score}, TBT ${integer(figures.tbt)} ms (runs: ${runs.map((run) => `${run.score}/${integer(run.tbtMs)} ms`).join(", ")})`;
  const lostPoints = without.score - withIt.score;
  const addedTbt = withIt.tbt - without.tbt;
  const lastRun = withPopup.at(-1);
  return [
    {
      measure: "Lighthouse mobile, storefront page without the popup",
      result: `median of ${plain.length}: ${describe(plain, without)}`,
      budget: "reference",
      pass: null,
    },
    {
      measure: "Lighthouse mobile, same page with the popup",
      result: `median of ${withPopup.length}: ${describe(withPopup, withIt)}; ${lostPoints} points and ${integer(addedTbt)} ms TBT added`,
      budget: `≤ ${SCORE_BUDGET_POINTS} points, ≤ ${ADDED_TBT_BUDGET_MS} ms TBT added`,
      pass: lostPoints <= SCORE_BUDGET_POINTS && addedTbt <= ADDED_TBT_BUDGET_MS,
    },
    {
      measure: "Popup bytes on the wire (last Lighthouse run)",
      result: lastRun ? popupBytes(lastRun, appOrigin) : "no run",
      budget: "reference",
      pass: null,
    },
  ];
}
