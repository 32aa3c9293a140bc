import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { progress } from "./lib/log";
import { integer, type Row } from "./lib/report";

export const POPUP_SCRIPT = path.resolve("build/popup/newsletter-popup.js");
const GZIP_BUDGET = 10_000;
const GZIP_AIM = 6_000;

export type PopupScriptSize = { raw: number; gzip: number; brotli: number };

/** The storefront script as shipped: its raw, gzip -9 and brotli (quality 11) sizes. */
export function measurePopupScriptSize(file = POPUP_SCRIPT): PopupScriptSize {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  const source = fs.readFileSync(file);
  const size = {
    raw: source.length,
    gzip: zlib.gzipSync(source, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }).length,
  };
  progress(`popup script: ${size.raw} B raw, ${size.gzip} B gzip -9, ${size.brotli} B brotli`);
  return size;
}

export function popupScriptRows(size: PopupScriptSize): Row[] {
  return [
    {
      measure: "Popup script, gzip -9",
      result: `${integer(size.gzip)} B (brotli ${integer(size.brotli)} B, raw ${integer(size.raw)} B)`,
      budget: `≤ ${integer(GZIP_BUDGET)} B (aim ≤ ${integer(GZIP_AIM)} B)`,
      pass: size.gzip <= GZIP_BUDGET,
    },
  ];
}
