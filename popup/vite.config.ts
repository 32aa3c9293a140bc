import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { build, defineConfig, type Plugin, type Rollup, type UserConfig } from "vite";
import { fileVersion } from "./file-version";

const OUT_DIR = fileURLToPath(new URL("../build/popup", import.meta.url));
const EXTENSION_ASSETS = fileURLToPath(new URL("../extensions/newsletter-popup/assets", import.meta.url));
const MAIN_FILE = "newsletter-popup.js";
/**
 * What the first paint does not need, each its own IIFE setting its global, built stage by stage so that a
 * file names those of the stages before it (their names and globals under the stage's define): the feature
 * files (popup/features.ts), loaded by the view when the chosen popup uses them; then the view (the popup's
 * render, the form's checks and request, the success view), loaded by the script (popup/main.ts) as soon as
 * a popup is chosen. docs/decisions/183.
 */
const LATER_STAGES = [
  {
    define: "__FEATURE_FILES__",
    files: {
      wheel: { entry: "./wheel.ts", global: "NewsletterPopupWheel" },
      steps: { entry: "./step-views.ts", global: "NewsletterPopupSteps" },
      success: { entry: "./success.ts", global: "NewsletterPopupSuccess" },
    },
  },
  {
    define: "__LATER_FILES__",
    files: { view: { entry: "./view-file.ts", global: "NewsletterPopupView" } },
  },
];
const laterFileName = (part: string) => `newsletter-popup-${part}.js`;
const SHIPPED_FILES = [
  MAIN_FILE,
  ...LATER_STAGES.flatMap((stage) => Object.keys(stage.files).map(laterFileName)),
];

/** One minified IIFE with no imports and no chunks. */
function scriptBuild(
  entry: string,
  name: string,
  fileName: string,
  define: Record<string, string> = {},
): UserConfig {
  return {
    publicDir: false,
    logLevel: "warn",
    // What only the builder's preview uses is left out of the shipped files (popup/render.ts).
    define: { ...define, __STOREFRONT__: "true" },
    esbuild: { legalComments: "none" },
    build: {
      outDir: OUT_DIR,
      target: "es2020",
      minify: "terser",
      // Terser's extra passes save ~400 B gzip over esbuild here (bench/popup-script-size.ts).
      terserOptions: {
        compress: { passes: 3, unsafe: true, pure_getters: true },
        // No top-level mangling: the IIFE's global name (NewsletterPopupView, …) is what the script reads.
        format: { comments: false },
      },
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: fileURLToPath(new URL(entry, import.meta.url)),
        formats: ["iife"],
        name,
        fileName: () => fileName,
      },
      // No Symbol.toStringTag on the view's exports object: nothing reads it, and the budget is tight.
      // No "use strict" prologue either: the code is a bundle of ES modules, written for strict mode, and runs the
      // same without it.
      rollupOptions: {
        output: { inlineDynamicImports: true, generatedCode: { symbols: false }, strict: false },
      },
    },
  };
}

/**
 * The later files, built first so the file that loads each can name it with its content hash (`?v=`: a
 * fresh copy after every change, whatever the caches hold) and its global, then written beside the script.
 */
function laterFiles(): Plugin {
  const built: { fileName: string; code: string }[] = [];
  return {
    name: "later-files",
    async config() {
      const define: Record<string, string> = {};
      for (const stage of LATER_STAGES) {
        const names: Record<string, [string, string]> = {};
        for (const [part, { entry, global }] of Object.entries(stage.files)) {
          const fileName = laterFileName(part);
          const config = scriptBuild(entry, global, fileName, define);
          const [output] = (await build({
            ...config,
            configFile: false,
            build: { ...config.build, write: false },
          })) as Rollup.RollupOutput[];
          const chunk = output?.output[0];
          if (chunk?.type !== "chunk") throw new Error(`${fileName}: nothing built`);
          built.push({ fileName, code: chunk.code });
          names[part] = [`${fileName}?v=${fileVersion(chunk.code)}`, global];
        }
        define[stage.define] = JSON.stringify(names);
      }
      return { define };
    },
    generateBundle() {
      for (const { fileName, code } of built) this.emitFile({ type: "asset", fileName, source: code });
    },
  };
}

/**
 * The theme app extension serves the very same files from Shopify's CDN: each build copies them into the
 * extension's assets/ (only them; not committed; `npm run shopify:dev` and `shopify:deploy` build them first).
 */
const themeExtensionAssets: Plugin = {
  name: "theme-extension-assets",
  closeBundle() {
    fs.mkdirSync(EXTENSION_ASSETS, { recursive: true });
    // A file an earlier build shipped and this one no longer makes is not deployed.
    for (const stale of fs.readdirSync(EXTENSION_ASSETS).filter((file) => !SHIPPED_FILES.includes(file))) {
      fs.rmSync(path.join(EXTENSION_ASSETS, stale));
    }
    for (const file of SHIPPED_FILES)
      fs.copyFileSync(path.join(OUT_DIR, file), path.join(EXTENSION_ASSETS, file));
  },
};

/**
 * Each shipped file beside itself as `.br` (quality 11) and `.gz` (level 9): the server sends the one the
 * browser accepts without compressing on every request (app/http/popup-files.server.ts).
 */
const precompressed: Plugin = {
  name: "precompressed",
  closeBundle() {
    for (const file of SHIPPED_FILES) {
      const source = fs.readFileSync(path.join(OUT_DIR, file));
      const brotli = zlib.brotliCompressSync(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      });
      fs.writeFileSync(path.join(OUT_DIR, `${file}.br`), brotli);
      fs.writeFileSync(path.join(OUT_DIR, `${file}.gz`), zlib.gzipSync(source, { level: 9 }));
    }
  },
};

/**
 * The storefront script: popup/main.ts → build/popup/newsletter-popup.js (served as /js/newsletter-popup.js,
 * and by the theme app extension), with the later files beside it (newsletter-popup-view.js, -wheel.js, -steps.js,
 * -success.js).
 * Budget: the script ≤ 6,000 bytes gzip -9, all files together ≤ 10,000 (bench/popup-script-size.ts).
 */
const main = scriptBuild("./main.ts", "NewsletterPopupScript", MAIN_FILE);
export default defineConfig({
  ...main,
  plugins: [laterFiles(), themeExtensionAssets, precompressed],
  build: { ...main.build, emptyOutDir: true },
});
