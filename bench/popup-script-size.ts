import fs from "node:fs";
import path from "node:path";
import { progress } from "./lib/log";
import { integer, type Row } from "./lib/report";

const POPUP_DIR = path.resolve("build/popup");
/** Loaded on every page view: the budget is for this file. */
const FIRST_PAINT_FILE = "newsletter-popup.js";
/** Loaded by it (popup/vite.config.ts) as soon as a popup is chosen: render, design, form and success view. */
const LATER_FILES = ["newsletter-popup-view.js"];
const FIRST_PAINT_BUDGET = 6_000;
/**
 * Shopify's limit for any one JavaScript file of a theme app extension (gzip), and for all the files together
 * as a shopper's browser receives them once the popup shows (brotli): docs/decisions/144.
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

/** The storefront script as shipped, its first-paint file then the later ones: raw, gzip -9 and brotli (quality 11). */
export function measurePopupScriptSize(): ScriptSize[] {
  return [FIRST_PAINT_FILE, ...LATER_FILES].map(measure);
}

const figures = (size: Omit<ScriptSize, "file">) =>
  `${integer(size.gzip)} B (brotli ${integer(size.brotli)} B, raw ${integer(size.raw)} B)`;

export function popupScriptRows(sizes: ScriptSize[]): Row[] {
  const [firstPaint, ...later] = sizes;
  if (!firstPaint) return [];
  const total = (key: "raw" | "gzip" | "brotli") => sizes.reduce((sum, size) => sum + size[key], 0);
  return [
    {
      measure: "Popup script, first paint, gzip -9",
      result: `${figures(firstPaint)}, ${firstPaint.file}`,
      budget: `≤ ${integer(FIRST_PAINT_BUDGET)} B`,
      pass: firstPaint.gzip <= FIRST_PAINT_BUDGET,
    },
    ...later.map((size) => ({
      measure: "Popup script, loaded when a popup is chosen, gzip -9",
      result: `${figures(size)}, ${size.file}`,
      budget: `≤ ${integer(FILE_BUDGET)} B`,
      pass: size.gzip <= FILE_BUDGET,
    })),
    {
      measure: "Popup script, all files on the wire (brotli)",
      result: `${integer(total("brotli"))} B (gzip -9 ${integer(total("gzip"))} B, raw ${integer(total("raw"))} B), ${sizes.length} files`,
      budget: `≤ ${integer(ON_THE_WIRE_BUDGET)} B`,
      pass: total("brotli") <= ON_THE_WIRE_BUDGET,
    },
  ];
}
