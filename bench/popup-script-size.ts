import fs from "node:fs";
import path from "node:path";
import { progress } from "./lib/log";
import { integer, type Row } from "./lib/report";

const POPUP_DIR = path.resolve("build/popup");
/** Loaded on every page view: the budget is for this file. */
const FIRST_PAINT_FILE = "newsletter-popup.js";
/** Loaded by it (popup/vite.config.ts) as soon as a popup is chosen: render, design, form and success view. */
const VIEW_FILE = "newsletter-popup-view.js";
/**
 * Loaded by the view for a popup that uses the feature (popup/features.ts): before the popup shows, or once
 * the shopper acts (types, or answers the opener yes). No popup needs both the wheel's and the steps' file
 * before it shows: behind an opener the wheel comes with the yes, and extra fields alone follow a subscription.
 */
const FEATURE_FILES: Record<string, { label: string; beforeShown: boolean }> = {
  "newsletter-popup-wheel.js": { label: "a prize wheel", beforeShown: true },
  "newsletter-popup-steps.js": { label: "popup steps (an opener)", beforeShown: true },
  "newsletter-popup-success.js": { label: "its success view and the form's checks", beforeShown: false },
};
const FIRST_PAINT_BUDGET = 6_000;
/**
 * Shopify's limit for any one JavaScript file of a theme app extension (gzip), and for all the files a page
 * view loads before the shopper acts, as a shopper's browser receives them (brotli): docs/decisions/144, 183
 * and 199. What loads once the shopper acts is held to the per-file limit.
 */
const FILE_BUDGET = 10_000;
const ON_THE_WIRE_BUDGET = 10_000;

export type ScriptSize = { file: string; raw: number; gzip: number; brotli: number };

/** A file as the build wrote it, and its precompressed copies (popup/vite.config.ts): what the server sends. */
function measure(file: string): ScriptSize {
  const fullPath = path.join(POPUP_DIR, file);
  if (!fs.existsSync(`${fullPath}.br`)) throw new Error(`${fullPath}.br is missing: run npm run build first`);
  const size = {
    file,
    raw: fs.statSync(fullPath).size,
    gzip: fs.statSync(`${fullPath}.gz`).size,
    brotli: fs.statSync(`${fullPath}.br`).size,
  };
  progress(`${file}: ${size.raw} B raw, ${size.gzip} B gzip -9, ${size.brotli} B brotli`);
  return size;
}

/** The storefront script as shipped, its first-paint file, the view, then the feature files: raw, gzip -9, brotli. */
export function measurePopupScriptSize(): ScriptSize[] {
  return [FIRST_PAINT_FILE, VIEW_FILE, ...Object.keys(FEATURE_FILES)].map(measure);
}

const figures = (size: Omit<ScriptSize, "file">) =>
  `${integer(size.gzip)} B (brotli ${integer(size.brotli)} B, raw ${integer(size.raw)} B)`;

const total = (files: ScriptSize[], key: "raw" | "gzip" | "brotli") =>
  files.reduce((sum, size) => sum + size[key], 0);
const sums = (files: ScriptSize[]) =>
  `${integer(total(files, "brotli"))} B (gzip -9 ${integer(total(files, "gzip"))} B, raw ${integer(total(files, "raw"))} B), ${files.map((size) => size.file).join(" + ")}`;

/** What one page view loads before the shopper acts, by the popup it shows: the files and their sum on the wire. */
function pageView(label: string, files: ScriptSize[]): Row {
  return {
    measure: `Popup script on the wire, ${label} (brotli)`,
    result: sums(files),
    budget: `≤ ${integer(ON_THE_WIRE_BUDGET)} B`,
    pass: total(files, "brotli") <= ON_THE_WIRE_BUDGET,
  };
}

/** Everything a page view has loaded once the shopper has acted: shown, held to Shopify's per-file limit. */
function afterActing(label: string, files: ScriptSize[]): Row {
  return {
    measure: `Popup script on the wire, ${label}, once the shopper acts (brotli)`,
    result: sums(files),
    budget: `each file ≤ ${integer(FILE_BUDGET)} B gzip (decision 199)`,
    pass: files.every((size) => size.gzip <= FILE_BUDGET),
  };
}

export function popupScriptRows(sizes: ScriptSize[]): Row[] {
  const [firstPaint, view, ...features] = sizes;
  if (!firstPaint || !view) return [];
  const info = (size: ScriptSize) => FEATURE_FILES[size.file];
  const onAct = features.filter((size) => !info(size)?.beforeShown);
  return [
    {
      measure: "Popup script, first paint, gzip -9",
      result: `${figures(firstPaint)}, ${firstPaint.file}`,
      budget: `≤ ${integer(FIRST_PAINT_BUDGET)} B`,
      pass: firstPaint.gzip <= FIRST_PAINT_BUDGET,
    },
    ...[view, ...features].map((size) => ({
      measure: `Popup script, loaded ${size === view ? "when a popup is chosen" : `for ${info(size)?.label}`}, gzip -9`,
      result: `${figures(size)}, ${size.file}`,
      budget: `≤ ${integer(FILE_BUDGET)} B per file (Shopify)`,
      pass: size.gzip <= FILE_BUDGET,
    })),
    pageView("no popup chosen", [firstPaint]),
    pageView("a popup using no feature file", [firstPaint, view]),
    ...features
      .filter((feature) => info(feature)?.beforeShown)
      .map((feature) => pageView(`a popup with ${info(feature)?.label}`, [firstPaint, view, feature])),
    afterActing("a visitor who subscribes", [firstPaint, view, ...onAct]),
    afterActing("a popup using every feature file", sizes),
  ];
}
